// Reads the published content document and its recent change notices from Firestore, validated against the
// shared schemas, as a stream of snapshots for the content cache.
import type { Firestore } from "firebase-admin/firestore";
import { Content } from "../contract/content";
import { ContentChange } from "../contract/content-change";
import { CONTENT_CHANGES_COLLECTION, CONTENT_DOC } from "../contract/firestore-paths";
import type { MirrorHandlers } from "../firebase/firestore-mirror";

/** How many change notices the page carries: the latest are what a guest needs, not the whole history. */
export const RECENT_CHANGES = 10;

export interface PublishedContent {
  content: Content;
  version: number;
  /** Newest first: the moved times and places guests should know about. */
  changes: ContentChange[];
}

export interface ContentRepository {
  /** Delivers the current content now and after every publish (`null`: nothing published); returns unsubscribe. */
  watch(handlers: MirrorHandlers<PublishedContent | null>): () => void;
}

export function createContentRepository(firestore: Firestore): ContentRepository {
  const document = firestore.doc(CONTENT_DOC);
  // Change notices are written in the same transaction as the content, so reading them once per publish (when the
  // content snapshot arrives) always finds the ones of that version; page views cost no read.
  const recentChanges = async (): Promise<ContentChange[]> => {
    const snapshot = await firestore
      .collection(CONTENT_CHANGES_COLLECTION)
      .orderBy("changedAt", "desc")
      .limit(RECENT_CHANGES)
      .get();
    return snapshot.docs.flatMap((change) => {
      const parsed = ContentChange.safeParse(change.data());
      return parsed.success ? [parsed.data] : [];
    });
  };
  return {
    watch({ next, invalid, fail }) {
      // Two quick publishes start two change reads; only the newest snapshot may win, whatever finishes first.
      let newest = 0;
      return document.onSnapshot((snapshot) => {
        const sequence = ++newest;
        if (!snapshot.exists) return next(null);
        const data = snapshot.data() ?? {};
        const parsed = Content.safeParse(data.content);
        if (!parsed.success) {
          // Only the seed command writes this document, after validating; a bad document means a bug or a
          // hand edit in the console. Keep serving the last good content rather than breaking the page.
          return invalid(
            new Error(`Stored content at ${CONTENT_DOC} does not match the schema: ${parsed.error.message}`),
          );
        }
        const version = typeof data.version === "number" ? data.version : 0;
        recentChanges().then(
          (changes) => sequence === newest && next({ content: parsed.data, version, changes }),
          (error: Error) => {
            // New content without its notices beats old content: publish it and report the failed read.
            if (sequence === newest) next({ content: parsed.data, version, changes: [] });
            invalid(error);
          },
        );
      }, fail);
    },
  };
}
