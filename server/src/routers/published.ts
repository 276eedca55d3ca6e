// Shared by the content routers: the published content, or an error a guest can understand.
import { TRPCError } from "@trpc/server";
import type { PublishedContent } from "../content/content-repository";
import type { RequestContext } from "../context";
import type { Content } from "../contract/content";

export async function requirePublished(ctx: RequestContext): Promise<PublishedContent> {
  const published = await ctx.services.content.current();
  if (!published) {
    throw new TRPCError({
      code: "NOT_FOUND",
      message: "The wedding details have not been published yet. The couple publishes them with `pnpm seed content`.",
    });
  }
  return published;
}

/** Events the viewer may see: untagged ones, plus those shared with one of the viewer's tags. */
export function visibleEvents(content: Content, viewerTags: readonly string[]): Content["events"] {
  return content.events.filter(
    (event) => event.visibleTo.length === 0 || event.visibleTo.some((tag) => viewerTags.includes(tag)),
  );
}
