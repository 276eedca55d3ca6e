// Opening an invite link (`#/?invite=CODE&lang=es`): signs the household in, then removes the code from the
// address bar (replace, so it lingers neither in history nor in screenshots). Says so while it works, and what
// to do when the code is wrong; the public page keeps working underneath either way.
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { INVITE_PARAM, LANG_PARAM } from "../../config/paths";
import { useI18n } from "../../lib/i18n/language";
import { errorReason, type SiteContent } from "../../lib/trpc";
import { useRedeem } from "./api/use-redeem";
import { RedeemProblem } from "./redeem-problem";

export function InviteLink({ site }: { site: SiteContent | undefined }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const code = params.get(INVITE_PARAM);
  const redeem = useRedeem({ keepLanguage: params.has(LANG_PARAM) });
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!code || tried.current === code) return;
    tried.current = code;
    redeem.mutate(code, {
      onSettled: (_household, error) => {
        // A dropped connection keeps the code, so reloading tries again; any real answer removes it.
        if (error && errorReason(error) === undefined) return;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(INVITE_PARAM);
            next.delete(LANG_PARAM);
            return next;
          },
          { replace: true },
        );
      },
    });
  }, [code, redeem, setParams]);

  if (redeem.isPending) {
    return (
      <p className="status invite-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {t.openingInvitation}
      </p>
    );
  }
  if (redeem.isError) {
    return (
      <div className="notice invite-problem" role="alert">
        <h2>{t.inviteProblemTitle}</h2>
        <RedeemProblem error={redeem.error} site={site} />
        {errorReason(redeem.error) === undefined && code ? (
          <button type="button" className="button" onClick={() => redeem.mutate(code)}>
            {t.retry}
          </button>
        ) : null}
      </div>
    );
  }
  return null;
}
