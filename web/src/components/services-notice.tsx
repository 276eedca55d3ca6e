// On a test stack, tells whoever looks that Analytics and push messages are off there (they have no emulators),
// so nobody mistakes silence for a bug; on a real project, starts Analytics where it is configured.
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { startAnalytics } from "../lib/analytics";
import { servicesStatus } from "../lib/firebase";
import { useI18n } from "../lib/i18n/language";
import { useTRPC } from "../lib/trpc";

export function ServicesNotice() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const switches = useQuery(trpc.switches.get.queryOptions());
  const firebaseConfig = switches.data?.firebase;
  const status = firebaseConfig ? servicesStatus(firebaseConfig) : undefined;

  useEffect(() => {
    if (!firebaseConfig) return;
    const { mode, analytics, messaging } = servicesStatus(firebaseConfig);
    if (analytics) {
      startAnalytics(firebaseConfig).catch((error: unknown) =>
        console.warn("Analytics did not start; the page works without it.", error),
      );
    }
    if (!analytics || !messaging) {
      console.info(
        `Firebase (${mode}): Analytics ${analytics ? "on" : "off"}; push messaging ${messaging ? "available" : "off"}` +
          (mode === "emulators" ? " (they have no emulators); sign-in loads when an invitation is opened." : "."),
      );
    }
  }, [firebaseConfig]);

  if (status?.mode !== "emulators") return null;
  return <p className="services-notice">{t.emulatorNotice}</p>;
}
