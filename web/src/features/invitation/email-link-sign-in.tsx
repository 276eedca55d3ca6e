// Opening the sign-in link emailed to a guest who lost the invitation: Firebase brings them back to
// `/?hogar=<household>&mode=signIn&oobCode=..&lang=..`. The BFF checks the one-time code and hands back the same
// custom token the invite link gives, so the household is signed in exactly as with its link, in its own language
// (Firebase's `lang` is the email's, not the guest's choice). Then the code leaves the address bar (replace: it
// lingers neither in history nor in screenshots). Says so while it works, and what to do when the link is spent;
// the public page keeps working underneath either way.
import { EMAIL_LINK_HOUSEHOLD_PARAM } from "@boda/server/contract/routes";
import { useEffect, useRef } from "react";
import { useI18n } from "../../lib/i18n/language";
import { errorReason, type SiteContent } from "../../lib/trpc";
import { useEmailLinkSignIn } from "./api/use-redeem";
import { RedeemProblem } from "./redeem-problem";

/** What Firebase adds to the address; all of it goes once the link is used. */
const FIREBASE_PARAMS = ["mode", "oobCode", "apiKey", "continueUrl", "tenantId", "lang"];

function emailLinkInAddress(): { household: string; oobCode: string } | undefined {
  const query = new URLSearchParams(window.location.search);
  const household = query.get(EMAIL_LINK_HOUSEHOLD_PARAM);
  const oobCode = query.get("oobCode");
  return household && oobCode && query.get("mode") === "signIn" ? { household, oobCode } : undefined;
}

function forgetEmailLink(): void {
  const query = new URLSearchParams(window.location.search);
  for (const name of [EMAIL_LINK_HOUSEHOLD_PARAM, ...FIREBASE_PARAMS]) query.delete(name);
  const search = query.toString();
  window.history.replaceState(
    window.history.state,
    "",
    `${window.location.pathname}${search ? `?${search}` : ""}${window.location.hash}`,
  );
}

export function EmailLinkSignIn({ site }: { site: SiteContent | undefined }) {
  const { t } = useI18n();
  const signIn = useEmailLinkSignIn();
  const tried = useRef(false);

  useEffect(() => {
    const link = emailLinkInAddress();
    if (!link || tried.current) return;
    tried.current = true;
    signIn.mutate(link, {
      onSettled: (_household, error) => {
        // A dropped connection keeps the link, so reloading tries again; any real answer removes it.
        if (!error || errorReason(error) !== undefined) forgetEmailLink();
      },
    });
  }, [signIn]);

  if (signIn.isPending) {
    return (
      <p className="status invite-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {t.openingInvitation}
      </p>
    );
  }
  if (signIn.isError) {
    const link = emailLinkInAddress();
    return (
      <div className="notice invite-problem" role="alert">
        <h2>{t.inviteProblemTitle}</h2>
        <RedeemProblem error={signIn.error} site={site} />
        {errorReason(signIn.error) === undefined && link ? (
          <button type="button" className="button" onClick={() => signIn.mutate(link)}>
            {t.retry}
          </button>
        ) : null}
      </div>
    );
  }
  return null;
}
