// What every procedure can reach: the services built once per process, plus who is asking.
import type { SwitchesSource } from "./config/switches-source";
import type { ContentCache } from "./content/content-cache";
import type { FirebaseWebConfig } from "./contract/site-view";

export interface Services {
  content: ContentCache;
  switches: SwitchesSource;
  firebaseWebConfig: FirebaseWebConfig;
}

/** Who is asking. Guests will carry their invitation's tags once invite sign-in lands; strangers have none. */
export interface Viewer {
  tags: string[];
}

export interface RequestContext {
  services: Services;
  viewer: Viewer;
}
