// The signed-in household's own invitation (greeting, events, answer, deadline); asked for only when a household
// is signed in, so strangers never call a procedure that would refuse them.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc";
import { useSession } from "../../../lib/use-session";

export function useInvitation() {
  const trpc = useTRPC();
  const { kind } = useSession();
  return useQuery({ ...trpc.invitations.mine.queryOptions(), enabled: kind === "household" });
}
