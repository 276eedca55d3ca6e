// Why a code did not open an invitation, in the guest's language, with what to do next.

import { TRPCClientError } from "@trpc/client";
import { useI18n } from "../../lib/i18n/language";
import { errorReason, type SiteContent } from "../../lib/trpc";
import { LostLinkHelp } from "./lost-link-help";

export function redeemProblemText(error: unknown, t: ReturnType<typeof useI18n>["t"]): string {
  switch (errorReason(error)) {
    case "unknown-code":
      return t.inviteUnknown;
    case "malformed-code":
      return t.inviteMalformed;
    case "sign-in-link-invalid":
      return t.signInLinkInvalid;
    case "too-many-attempts": {
      const seconds = error instanceof TRPCClientError ? Number(error.data?.retryAfterSeconds ?? 60) : 60;
      return t.inviteTooMany(Math.max(1, Math.ceil(seconds / 60)));
    }
    default:
      return t.inviteNetwork;
  }
}

/** The message plus, unless it was only the connection, who to ask for the right link. */
export function RedeemProblem({ error, site }: { error: unknown; site: SiteContent | undefined }) {
  const { t } = useI18n();
  const reason = errorReason(error);
  return (
    <>
      <p>{redeemProblemText(error, t)}</p>
      {reason === "unknown-code" || reason === "malformed-code" || reason === "sign-in-link-invalid" ? (
        <LostLinkHelp site={site} />
      ) : null}
    </>
  );
}
