// "Which table are we at?": in the wedding week and on the day, the household's table leads its page, with each member
// who sits elsewhere. The BFF puts it in the household's own invitation only then (server/src/views/audience-view.ts,
// `seatingFor`), so it is kept offline with the rest; strangers and the couple never get it.
import { useSession } from "../../lib/use-session";
import { useInvitation } from "./api/use-invitation";
import { useInvitationText } from "./texts";

export function SeatingCard() {
  const t = useInvitationText();
  const { kind } = useSession();
  const invitation = useInvitation();

  const seating = kind === "household" ? invitation.data?.seating : undefined;
  if (!seating) return null;
  return (
    <section className="card seating" aria-labelledby="seating-title">
      <h2 id="seating-title">{seating.table !== null ? t.yourTable(seating.table) : t.yourTables}</h2>
      {seating.members.length > 0 ? (
        <ul className="seating-members">
          {seating.members.map((member) => (
            <li key={member.name}>{t.memberTable(member.name, member.table)}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
