// Shared by the routers: the published content, and the viewer's own view of it (decided in views/).
import { TRPCError } from "@trpc/server";
import type { Viewer } from "../auth/viewer";
import type { PublishedContent } from "../content/content-repository";
import type { Services } from "../context";
import { type AudienceView, audienceOf } from "../views/audience-view";

export async function requirePublished(services: Services): Promise<PublishedContent> {
  const published = await services.content.current();
  if (!published) {
    throw new TRPCError({
      code: "NOT_FOUND",
      message: "The wedding details have not been published yet. The couple publishes them with `pnpm seed content`.",
    });
  }
  return published;
}

export async function viewOf(services: Services, viewer: Viewer): Promise<AudienceView> {
  const published = await requirePublished(services);
  return services.views.viewFor(published, audienceOf(viewer, services.switches.current()));
}
