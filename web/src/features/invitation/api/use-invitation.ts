// The signed-in household's own invitation (greeting, events, answer, deadline, and its table in the last days);
// asked for only when a household is signed in, so strangers never call a procedure that would refuse them.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSitePhase } from "../../../lib/live";
import { useTRPC } from "../../../lib/trpc";
import { useSession } from "../../../lib/use-session";

export function useInvitation() {
  const trpc = useTRPC();
  const { kind } = useSession();
  return useQuery({ ...trpc.invitations.mine.queryOptions(), enabled: kind === "household" });
}

/**
 * Asks for the invitation again when the couple moves the phase on while the page is open: the table is in it from
 * the wedding week on. Used once, by the household's greeting (shown in every phase).
 */
export function useInvitationFollowingThePhase() {
  const invitation = useInvitation();
  const phase = useSitePhase();
  const shownPhase = useRef(phase);
  const { refetch } = invitation;
  useEffect(() => {
    if (phase !== undefined && shownPhase.current !== undefined && phase !== shownPhase.current) void refetch();
    shownPhase.current = phase;
  }, [phase, refetch]);
  return invitation;
}
