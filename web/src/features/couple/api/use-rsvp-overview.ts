// Everyone's answers for the couple (`rsvp.overview`): totals, each event's headcount, who is pending, the messages.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc";

export function useRsvpOverview() {
  const trpc = useTRPC();
  return useQuery(trpc.rsvp.overview.queryOptions());
}
