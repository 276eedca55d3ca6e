// What every procedure can reach: the services built once per process, plus who is asking.
import type { ContentCache } from "./content/content-cache";

export interface Services {
  content: ContentCache;
}

/** Who is asking. Guests will carry their invitation's tags once invite sign-in lands; strangers have none. */
export interface Viewer {
  tags: string[];
}

export interface RequestContext {
  services: Services;
  viewer: Viewer;
}
