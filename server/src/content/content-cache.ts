// Keeps the published content in memory, refreshed by a Firestore listener, so a page view costs no read.
import { createFirestoreMirror, type FirestoreMirror } from "../firebase/firestore-mirror";
import type { ContentRepository, PublishedContent } from "./content-repository";

export interface ContentCache {
  /** The latest content (`null` when nothing is published yet); rejects with UnavailableError if it cannot load. */
  current(): Promise<PublishedContent | null>;
  /** Ready once the first snapshot arrived and while the listener is healthy (used by /readyz). */
  health: FirestoreMirror<PublishedContent | null>["health"];
  close(): void;
}

export function createContentCache(
  repository: ContentRepository,
  log: { error(details: object, message: string): void },
  options: { firstValueTimeoutMs?: number; retryDelaysMs?: number[] } = {},
): ContentCache {
  const mirror = createFirestoreMirror<PublishedContent | null>({
    name: "The wedding content",
    log,
    subscribe: (handlers) => repository.watch(handlers),
    ...options,
  });
  return { current: () => mirror.current(), health: () => mirror.health(), close: () => mirror.close() };
}
