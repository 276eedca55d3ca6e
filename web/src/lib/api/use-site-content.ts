// The published content as this viewer may see it (`site.content`): the one query the page shell, every screen and
// the live banner share, so they all read the same cached answer.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc";

export function useSiteContent() {
  const trpc = useTRPC();
  return useQuery(trpc.site.content.queryOptions());
}
