// The page keeps the last content it received in the browser's storage, so it opens with no network (at a venue
// with no signal) showing what it last knew, and says how old that is. Only what every screen shows is kept; a
// new deploy (another app version) starts afresh.
import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import type { Query, QueryClient } from "@tanstack/react-query";
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from "@tanstack/react-query-persist-client";

/** The procedures whose answers the page keeps for offline use. */
const KEPT = new Set(["site.content", "locations.list", "switches.get", "invitations.mine"]);
export const KEPT_FOR_MS = 30 * 24 * 60 * 60_000;
const STORAGE_KEY = "boda.offline";

/** A tRPC query key ([["site", "content"], { … }]) → "site.content". */
function procedureOf(query: Query): string {
  const [path] = query.queryKey as [unknown];
  return Array.isArray(path) ? path.join(".") : "";
}

export function persistOptions(): Omit<PersistQueryClientOptions, "queryClient"> | undefined {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    // Locked-down webviews: the page then simply needs the network.
    return undefined;
  }
  return {
    persister: createSyncStoragePersister({ storage, key: STORAGE_KEY, throttleTime: 1000 }),
    maxAge: KEPT_FOR_MS,
    buster: __APP_VERSION__,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === "success" && KEPT.has(procedureOf(query)),
    },
  };
}

/**
 * Before the first render: puts what was stored into the cache (only where it is newer than what is there, e.g. than
 * the data of a service worker's old copy of the page), then keeps storing the cache's changes. What was stored is
 * asked again at once; data the page's HTML just brought fresh is stored instead. Done before rendering, so nothing
 * changes under a prerendered screen while it hydrates.
 */
export async function restoreAndPersist(queryClient: QueryClient, options: { fresh: boolean }): Promise<void> {
  const persist = persistOptions();
  if (!persist) return;
  try {
    await persistQueryClientRestore({ queryClient, ...persist });
  } catch {
    // A stored copy that cannot be read is of no use: the page starts without it (and stores afresh).
  }
  persistQueryClientSubscribe({ queryClient, ...persist });
  if (options.fresh) void persistQueryClientSave({ queryClient, ...persist });
  else void queryClient.invalidateQueries();
}
