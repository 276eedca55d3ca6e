// "Lost your invitation?": the guest types the email or a name on the guest list, and the BFF emails that household a
// sign-in link when it matches exactly one. The answer is the same whatever was typed (it never tells whether a name
// is on the list: docs/security.md), so it always ends with the couple's contact, with a prefilled WhatsApp message.
import { useMutation } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { type FormEvent, useId, useState } from "react";
import { useI18n } from "../../lib/i18n/language";
import { errorReason, type SiteContent, useTRPCClient } from "../../lib/trpc";
import { LostLinkHelp } from "./lost-link-help";
import { type InvitationText, useInvitationText } from "./texts";

function lookupProblemText(error: unknown, t: InvitationText, network: string): string {
  if (errorReason(error) !== "too-many-lookups") return network;
  const seconds = error instanceof TRPCClientError ? Number(error.data?.retryAfterSeconds ?? 60) : 60;
  return t.lostTooMany(Math.max(1, Math.ceil(seconds / 60)));
}

export function LostInvitation({ site }: { site: SiteContent | undefined }) {
  const t = useInvitationText();
  const { t: common } = useI18n();
  const client = useTRPCClient();
  const id = useId();
  const [typed, setTyped] = useState("");
  const [missing, setMissing] = useState(false);
  const recover = useMutation({
    mutationFn: (text: string) => client.invitations.recover.mutate({ typed: text }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === "") {
      setMissing(true);
      return;
    }
    setMissing(false);
    recover.mutate(typed);
  };
  const problemId = `${id}-problem`;
  const invalid = missing || recover.isError;
  return (
    <section className="lost-invitation" aria-labelledby={`${id}-title`}>
      <h3 className="lost-link-title" id={`${id}-title`}>
        {t.lostLinkTitle}
      </h3>
      <form className="code-entry" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-typed`}>{t.lostLabel}</label>
        <p className="muted field-hint" id={`${id}-hint`}>
          {t.lostHint}
        </p>
        <div className="code-entry-row lost-invitation-row">
          <input
            id={`${id}-typed`}
            name="typed"
            autoComplete="email"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint${invalid ? ` ${problemId}` : ""}`}
          />
          <button type="submit" className="button button-secondary" disabled={recover.isPending}>
            {recover.isPending ? t.loading : t.lostSubmit}
          </button>
        </div>
        {missing ? (
          <p className="field-error" id={problemId}>
            {t.lostRequired}
          </p>
        ) : recover.isError ? (
          <p className="field-error" id={problemId} role="alert">
            {lookupProblemText(recover.error, t, common.inviteNetwork)}
          </p>
        ) : null}
      </form>
      {recover.isSuccess ? (
        <p className="lost-invitation-answer" role="status">
          {t.lostAnswer(recover.data.maskedEmail)}
        </p>
      ) : null}
      <LostLinkHelp site={site} />
    </section>
  );
}
