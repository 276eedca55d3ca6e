// Where things live in Firestore; the BFF, the seed commands and the rules tests share these names.

/** The single document holding the published content (one read serves the whole page). */
export const CONTENT_DOC = "site/content";
/** Dated entries recording changes of events' times or places, shown to guests as "what changed". */
export const CONTENT_CHANGES_COLLECTION = "contentChanges";
export const HOUSEHOLDS_COLLECTION = "households";
