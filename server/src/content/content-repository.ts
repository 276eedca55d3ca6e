// Reads the published content document from Firestore, validating it against the shared schema.
import type { Firestore } from "firebase-admin/firestore";
import { Content } from "../contract/content";
import { CONTENT_DOC } from "../contract/firestore-paths";

export interface PublishedContent {
  content: Content;
  version: number;
}

export interface ContentRepository {
  /** Calls `onChange` with the current content now and after every publish; returns an unsubscribe function. */
  watch(onChange: (published: PublishedContent | null) => void, onError: (error: Error) => void): () => void;
}

export function createContentRepository(firestore: Firestore): ContentRepository {
  const document = firestore.doc(CONTENT_DOC);
  return {
    watch(onChange, onError) {
      return document.onSnapshot((snapshot) => {
        if (!snapshot.exists) return onChange(null);
        const data = snapshot.data() ?? {};
        const parsed = Content.safeParse(data.content);
        if (!parsed.success) {
          // Only the seed command writes this document, after validating; a bad document means a bug or a
          // hand edit in the console. Keep serving the last good content rather than breaking the page.
          return onError(
            new Error(`Stored content at ${CONTENT_DOC} does not match the schema: ${parsed.error.message}`),
          );
        }
        onChange({ content: parsed.data, version: typeof data.version === "number" ? data.version : 0 });
      }, onError);
    },
  };
}
