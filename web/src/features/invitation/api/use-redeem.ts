// Redeeming an invitation code (from a link or typed from a card): the BFF checks it and hands back a custom
// token, and the page signs in with it. The household's language becomes the page's unless the link chose one.
import { useMutation } from "@tanstack/react-query";
import { useI18n } from "../../../lib/i18n/language";
import { useTRPCClient } from "../../../lib/trpc";
import { useSession } from "../../../lib/use-session";

export function useRedeem(options: { keepLanguage?: boolean } = {}) {
  const client = useTRPCClient();
  const { session, setNotice } = useSession();
  const { setLanguage } = useI18n();
  return useMutation({
    mutationFn: async (code: string) => {
      const redeemed = await client.invitations.redeem.mutate({ code });
      await session.signInWithInvitation(redeemed.token);
      return redeemed.household;
    },
    onSuccess: (household) => {
      setNotice(undefined);
      if (!options.keepLanguage) setLanguage(household.language);
    },
  });
}
