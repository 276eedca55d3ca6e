// Shared by the routers and the query fast path: the published content, and the viewer's own view of it.
import { TRPCError } from "@trpc/server";
import type { Viewer } from "../auth/viewer";
import type { PublishedContent } from "../content/content-repository";
import type { Services } from "../context";
import type { LocationView } from "../contract/site-view";
import { type AudienceView, audienceOf } from "./audience-view";

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

/** The place of one event on the viewer's program; undefined when the event is not on it. */
export function eventLocations({ site, locations }: AudienceView, eventId: string): LocationView[] | undefined {
  const event = site.access === "invited-only" ? undefined : site.events.find((each) => each.id === eventId);
  return event && locations.filter((location) => location.id === event.locationId);
}
