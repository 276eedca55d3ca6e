// "Respuestas" (#/pareja): the couple signs in with their own account and follows everyone's answers — totals,
// each event's headcount, who is still pending and the messages guests left. Loaded on demand.
import { type FormEvent, useId, useState } from "react";
import { LoadError, Loading } from "../../components/query-status";
import { useSiteContent } from "../../lib/api/use-site-content";
import { formatInstant } from "../../lib/format-time";
import type { RsvpOverview } from "../../lib/trpc";
import { useSession } from "../../lib/use-session";
import { useRsvpOverview } from "./api/use-rsvp-overview";
import { useCoupleText } from "./texts";

export function CoupleScreen() {
  const t = useCoupleText();
  const { kind } = useSession();
  return (
    <section className="screen" aria-labelledby="couple-title">
      <h1 id="couple-title" tabIndex={-1}>
        {t.coupleTitle}
      </h1>
      {kind === undefined ? (
        <Loading />
      ) : kind === "couple" ? (
        <Overview />
      ) : (
        <CoupleSignIn signedInAsGuest={kind === "household"} />
      )}
    </section>
  );
}

function CoupleSignIn({ signedInAsGuest }: { signedInAsGuest: boolean }) {
  const t = useCoupleText();
  const { session } = useSession();
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setProblem(t.coupleFieldsRequired);
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      await session.signInAsCouple(email.trim(), password);
      if ((await session.kind()) !== "couple") {
        await session.signOut();
        setProblem(t.coupleNotCouple);
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      setProblem(
        ["auth/invalid-credential", "auth/wrong-password", "auth/user-not-found", "auth/invalid-email"].includes(code)
          ? t.coupleWrongCredentials
          : t.inviteNetwork,
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="card couple-sign-in" onSubmit={submit} noValidate>
      <p>{t.coupleSignInIntro}</p>
      {signedInAsGuest ? <p className="muted">{t.coupleSignsOutGuest}</p> : null}
      <div className="field">
        <label htmlFor={`${id}-email`}>{t.email}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t.password}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
      </div>
      {problem ? (
        <p className="field-error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={pending}>
        {pending ? t.loading : t.signIn}
      </button>
    </form>
  );
}

function Overview() {
  const t = useCoupleText();
  const { session } = useSession();
  const overview = useRsvpOverview();
  const householdsTitleId = useId();
  const site = useSiteContent();
  const timeZone = site.data && site.data.access !== "invited-only" ? site.data.wedding.timeZone : "UTC";
  if (overview.isPending) return <Loading />;
  if (overview.isError) {
    return <LoadError error={overview.error} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />;
  }
  const { totals, households } = overview.data;
  const messages = households.filter((household) => household.message);
  return (
    <>
      <dl className="totals">
        {(
          [
            [t.totalsInvited, totals.households.invited],
            [t.totalsConfirmed, totals.households.confirmed],
            [t.totalsDeclined, totals.households.declined],
            [t.totalsPending, totals.households.pending],
            [t.totalsPeopleComing, totals.people.coming],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{t.perEventTitle}</h2>
      <ul className="plain-list per-event">
        {totals.events.map((event) => (
          <li key={event.eventId}>{t.perEventLine(event.title, event.coming, event.pendingSeats)}</li>
        ))}
      </ul>
      <h2 id={householdsTitleId}>{t.householdsTitle}</h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: wider than a phone, so it scrolls; a scrolling region must be reachable by keyboard to scroll with the arrow keys (WCAG 2.1.1, axe's scrollable-region-focusable). */}
      <section className="table-scroll" aria-labelledby={householdsTitleId} tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t.householdColumn}</th>
              <th scope="col">{t.statusColumn}</th>
              <th scope="col">{t.comingColumn}</th>
              <th scope="col">{t.answeredColumn}</th>
            </tr>
          </thead>
          <tbody>
            {households.map((household) => (
              <tr key={household.key}>
                <th scope="row">{household.displayName}</th>
                <td>{t.statusLabels[household.status]}</td>
                <td>{`${household.coming} / ${household.seats}`}</td>
                <td>{household.respondedAt ? formatInstant(household.respondedAt, timeZone, t) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {messages.length > 0 ? <Messages messages={messages} /> : null}
      <p>
        <button type="button" className="button button-secondary" onClick={() => void session.signOut()}>
          {t.signOut}
        </button>
      </p>
    </>
  );
}

function Messages({ messages }: { messages: RsvpOverview["households"] }) {
  const t = useCoupleText();
  return (
    <>
      <h2>{t.messagesTitle}</h2>
      <ul className="card-list">
        {messages.map((household) => (
          <li key={household.key} className="card">
            <p className="message">{household.message}</p>
            <p className="muted">— {household.displayName}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
