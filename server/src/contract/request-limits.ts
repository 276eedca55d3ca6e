// Limits on what one request may carry, shared by the BFF (which refuses more) and the page (whose batch link never
// sends more). Zod-free: the page imports it.

/** Calls in one tRPC batch. The page's busiest screen sends four at once. */
export const MAX_BATCH_SIZE = 10;

/** Bytes of a request body. A household's answer with every note filled in is under 20 KB. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Characters of a request's URL (path and query string), where batched query inputs travel. */
export const MAX_URL_CHARS = 8 * 1024;
