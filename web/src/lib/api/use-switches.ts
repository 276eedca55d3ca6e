// The page's switches and settings from the BFF (phase, guestbook, push, the Firebase web config), asked for with no
// sign-in; shared by the live stream, the services notice and the push offer.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc";

export function useSwitches() {
  const trpc = useTRPC();
  return useQuery(trpc.switches.get.queryOptions());
}
