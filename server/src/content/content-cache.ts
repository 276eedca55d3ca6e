// Keeps the published content in memory, refreshed by a Firestore listener, so a page view costs no read.
import type { ContentRepository, PublishedContent } from "./content-repository";

export interface ContentCache {
  /** The latest content; waits for the first snapshot after start-up. `null` when nothing is published yet. */
  current(): Promise<PublishedContent | null>;
  /** True once the listener has delivered at least one snapshot (used by /readyz). */
  isReady(): boolean;
  close(): void;
}

export function createContentCache(
  repository: ContentRepository,
  log: { error(details: object, message: string): void },
): ContentCache {
  let latest: PublishedContent | null = null;
  let ready = false;
  let resolveFirst: () => void = () => {};
  const first = new Promise<void>((resolve) => {
    resolveFirst = resolve;
  });
  const unsubscribe = repository.watch(
    (published) => {
      latest = published;
      ready = true;
      resolveFirst();
    },
    (error) => log.error({ err: error }, "content listener failed; serving the last good content"),
  );
  return {
    async current() {
      await first;
      return latest;
    },
    isReady: () => ready,
    close: unsubscribe,
  };
}
