// "Tell me on the day": an invited household may ask for the couple's announcements as push messages, where the
// stack has push (a real project with a web push key). On a test stack it is not offered (the footer says why).
import { useState } from "react";
import { useSwitches } from "../../lib/api/use-switches";
import type { PushOutcome } from "../../lib/push";
import { useSession } from "../../lib/use-session";
import { useEnablePush } from "./api/use-enable-push";
import { usePushText } from "./texts";

const ENABLED_KEY = "boda.push-enabled";

export function PushOptIn() {
  const t = usePushText();
  const { kind } = useSession();
  const switches = useSwitches();
  const [outcome, setOutcome] = useState<PushOutcome | "failed" | undefined>(() =>
    readFlag() ? "enabled" : undefined,
  );
  const enable = useEnablePush({
    firebase: switches.data?.firebase,
    onOutcome: (result) => {
      setOutcome(result);
      if (result === "enabled") writeFlag();
    },
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
      <p className="muted">{t.pushPurpose}</p>
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
