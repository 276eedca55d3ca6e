// What waits on this device to be sent (an answer, guestbook messages), with a Cancel button for each: "se enviará
// al recuperar la conexión". An answer that met another device's change, or that the BFF refused, stays here and
// says so until the guest reviews or cancels it.
import { useEffect, useId, useRef } from "react";
import { useI18n } from "../lib/i18n/language";
import type { OutboxItem } from "../lib/outbox/outbox";
import { useOutbox } from "../lib/outbox/use-outbox";

export function WaitingList({
  kind,
  onReview,
  focus = false,
}: {
  kind: OutboxItem["kind"];
  /** Brings the list into view and focus (the screen just switched to it, maybe scrolled far down a long form). */
  focus?: boolean;
  /** Offered for an answer that waits for the guest (a conflict): load it into the form to send again. */
  onReview?: (item: OutboxItem) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const outbox = useOutbox();
  const waiting = outbox.items.filter((item) => item.kind === kind);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shown = waiting.length > 0;
  useEffect(() => {
    if (focus && shown) titleRef.current?.focus();
  }, [focus, shown]);
  if (!shown) return null;
  return (
    <section className="notice waiting-list" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1}>
        {t.outboxTitle}
      </h2>
      <ul>
        {waiting.map((item) => {
          const what = item.kind === "rsvp" ? t.outboxAnswer : t.outboxMessage(item.input.message);
          return (
            <li key={item.id}>
              <p>{what}</p>
              {item.problem ? (
                <p className="field-error" role="alert">
                  {item.problem === "conflict" ? t.outboxConflict : t.outboxRefused}
                </p>
              ) : (
                <p className="muted" role="status">
                  {t.outboxWillSend}
                </p>
              )}
              <div className="actions">
                {item.problem && onReview ? (
                  <button type="button" className="button" onClick={() => onReview(item)}>
                    {t.outboxReview}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={t.outboxCancelLabel(what)}
                  onClick={() => void outbox.cancel(item.id)}
                >
                  {t.outboxCancel}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
