// Turning push messages on for this device: the browser's permission and token (lib/push), then the token
// registered with the BFF (`notifications.subscribe`) in the guest's language.
import { useMutation } from "@tanstack/react-query";
import { useI18n } from "../../../lib/i18n/language";
import { enablePush, type PushOutcome } from "../../../lib/push";
import { type SwitchesView, useTRPCClient } from "../../../lib/trpc";

export function useEnablePush({
  firebase,
  onOutcome,
}: {
  firebase: SwitchesView["firebase"] | undefined;
  onOutcome: (outcome: PushOutcome | "failed") => void;
}) {
  const { language } = useI18n();
  const client = useTRPCClient();
  return useMutation({
    mutationFn: () =>
      enablePush(firebase ?? { projectId: "", apiKey: "" }, language, (token, lang) =>
        client.notifications.subscribe.mutate({ token, language: lang }),
      ),
    onSuccess: onOutcome,
    onError: () => onOutcome("failed"),
  });
}
