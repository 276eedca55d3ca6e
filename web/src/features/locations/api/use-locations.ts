// The places this viewer may see (`locations.list`), or only the one where an event is held when one is named.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../../lib/trpc";

export function useLocations(eventId: string | undefined) {
  const trpc = useTRPC();
  return useQuery(trpc.locations.list.queryOptions(eventId ? { eventId } : undefined));
}
