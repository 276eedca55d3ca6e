// "Tell me on the day": an invited household may ask for the couple's announcements as push messages, where the
// stack has push (a real project with a web push key). On a test stack it is not offered (the footer says why).
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "../../lib/i18n/language";
import { enablePush, type PushOutcome } from "../../lib/push";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { useSession } from "../../lib/use-session";
import { usePushText } from "./texts";

const ENABLED_KEY = "boda.push-enabled";

export function PushOptIn() {
  const t = usePushText();
  const { language } = useI18n();
  const { kind } = useSession();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const switches = useQuery(trpc.switches.get.queryOptions());
  const [outcome, setOutcome] = useState<PushOutcome | "failed" | undefined>(() =>
    readFlag() ? "enabled" : undefined,
  );
  const enable = useMutation({
    mutationFn: () =>
      enablePush(switches.data?.firebase ?? { projectId: "", apiKey: "" }, language, (token, lang) =>
        client.notifications.subscribe.mutate({ token, language: lang }),
      ),
    onSuccess: (result) => {
      setOutcome(result);
      if (result === "enabled") writeFlag();
    },
    onError: () => setOutcome("failed"),
  });
  if (kind !== "household" || !switches.data?.push) return null;
  const message = {
    enabled: t.pushEnabled,
    denied: t.pushDenied,
    unsupported: t.pushUnsupported,
    failed: t.pushFailed,
  };
  return (
    <section className="section" aria-labelledby="push-title">
      <h2 id="push-title">{t.pushTitle}</h2>
      <p>{t.pushBody}</p>
      {outcome !== "enabled" ? (
        <button type="button" className="button" disabled={enable.isPending} onClick={() => enable.mutate()}>
          {enable.isPending ? t.loading : t.pushEnable}
        </button>
      ) : null}
      <p role="status">{outcome ? message[outcome] : ""}</p>
    </section>
  );
}

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(ENABLED_KEY) === "1";
  } catch {
    return false;
  }
}

function writeFlag(): void {
  try {
    window.localStorage.setItem(ENABLED_KEY, "1");
  } catch {
    // Not remembering only means the button shows again next time.
  }
}
