// On a test stack, tells whoever looks that Analytics and push messages are off there (they have no emulators),
// so nobody mistakes silence for a bug. (Analytics starts only with the guest's yes: analytics-consent-notice.tsx.)
import { useEffect } from "react";
import { useSwitches } from "../lib/api/use-switches";
import { servicesStatus } from "../lib/firebase";
import { useI18n } from "../lib/i18n/language";

export function ServicesNotice() {
  const { t } = useI18n();
  const switches = useSwitches();
  const firebaseConfig = switches.data?.firebase;
  const status = firebaseConfig ? servicesStatus(firebaseConfig) : undefined;

  useEffect(() => {
    if (!firebaseConfig) return;
    const { mode, analytics, messaging } = servicesStatus(firebaseConfig);
    if (!analytics || !messaging) {
      console.info(
        `Firebase (${mode}): Analytics ${analytics ? "offered (starts after the guest's yes)" : "off"}; push messaging ${messaging ? "available" : "off"}` +
          (mode === "emulators" ? " (they have no emulators); sign-in loads when an invitation is opened." : "."),
      );
    }
  }, [firebaseConfig]);

  if (status?.mode !== "emulators") return null;
  return <p className="services-notice">{t.emulatorNotice}</p>;
}
