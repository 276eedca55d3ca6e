// Starts Firebase once the page is up and, on a test stack, tells whoever looks that Analytics and push
// messages are off there (they have no emulators), so nobody mistakes silence for a bug.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { type FirebaseStatus, startFirebase } from "../lib/firebase";
import { useI18n } from "../lib/i18n/language";
import { useTRPC } from "../lib/trpc";

export function ServicesNotice() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const config = useQuery(trpc.config.get.queryOptions());
  const [status, setStatus] = useState<FirebaseStatus>();
  const firebaseConfig = config.data?.firebase;

  useEffect(() => {
    if (!firebaseConfig) return;
    let current = true;
    startFirebase(firebaseConfig).then(
      (started) => current && setStatus(started),
      (error: unknown) => console.warn("Firebase did not start; the page works without it.", error),
    );
    return () => {
      current = false;
    };
  }, [firebaseConfig]);

  if (status?.mode !== "emulators") return null;
  return <p className="services-notice">{t.emulatorNotice}</p>;
}
