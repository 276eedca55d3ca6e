// Signing a household in with a custom token from the BFF: after redeeming a code (from a link or typed from a
// card) or after opening the sign-in link emailed to a guest who lost the invitation — the same session either way.
// The household's language becomes the page's unless the link chose one.
import { useMutation } from "@tanstack/react-query";
import { useI18n } from "../../../lib/i18n/language";
import { useTRPCClient } from "../../../lib/trpc";
import { useSession } from "../../../lib/use-session";

interface Redemption {
  token: string;
  household: { displayName: string; language: "es" | "en" };
}

function useInvitationSignIn<Input>(
  redeem: (input: Input) => Promise<Redemption>,
  options: { keepLanguage?: boolean } = {},
) {
  const { session, setNotice } = useSession();
  const { setLanguage } = useI18n();
  return useMutation({
    mutationFn: async (input: Input) => {
      const redeemed = await redeem(input);
      await session.signInWithInvitation(redeemed.token);
      return redeemed.household;
    },
    onSuccess: (household) => {
      setNotice(undefined);
      if (!options.keepLanguage) setLanguage(household.language);
    },
  });
}

export function useRedeem(options: { keepLanguage?: boolean } = {}) {
  const client = useTRPCClient();
  return useInvitationSignIn((code: string) => client.invitations.redeem.mutate({ code }), options);
}

/** The emailed link carries the household and Firebase's one-time code; the household's language becomes the page's. */
export function useEmailLinkSignIn() {
  const client = useTRPCClient();
  return useInvitationSignIn((input: { household: string; oobCode: string }) =>
    client.invitations.finishEmailLink.mutate(input),
  );
}
