// Typing the invitation code printed on the card, for guests without the link (or who lost it).
import { normalizeInviteCode } from "@boda/server/contract/invite-code";
import { type FormEvent, useId, useState } from "react";
import type { SiteContent } from "../../lib/trpc";
import { useRedeem } from "./api/use-redeem";
import { RedeemProblem } from "./redeem-problem";
import { useInvitationText } from "./texts";

export function CodeEntry({ site, autoFocus = false }: { site: SiteContent | undefined; autoFocus?: boolean }) {
  const t = useInvitationText();
  const id = useId();
  const [code, setCode] = useState("");
  const [missing, setMissing] = useState(false);
  const redeem = useRedeem();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (normalizeInviteCode(code) === "") {
      setMissing(true);
      return;
    }
    setMissing(false);
    redeem.mutate(code);
  };
  const problemId = `${id}-problem`;
  const invalid = missing || redeem.isError;
  return (
    <form className="code-entry" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`}>{t.codeLabel}</label>
      <p className="muted field-hint" id={`${id}-hint`}>
        {t.codeHint}
      </p>
      <div className="code-entry-row">
        <input
          id={`${id}-code`}
          name="code"
          className="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: only after the guest asked to use another invitation
          autoFocus={autoFocus}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint${invalid ? ` ${problemId}` : ""}`}
        />
        <button type="submit" className="button" disabled={redeem.isPending}>
          {redeem.isPending ? t.loading : t.codeSubmit}
        </button>
      </div>
      {missing ? (
        <p className="field-error" id={problemId}>
          {t.codeRequired}
        </p>
      ) : redeem.isError ? (
        <div className="field-error" id={problemId} role="alert">
          <RedeemProblem error={redeem.error} site={site} />
        </div>
      ) : null}
    </form>
  );
}
