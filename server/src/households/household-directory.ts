// Every invited household, mirrored in memory from Firestore (`households`): the BFF finds a household by key
// (each signed-in request) or by invite code (redeeming a link) with no database read. Codes are looked up by
// their SHA-256 digest and then compared in constant time, so how long a guess takes says nothing about the codes.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Firestore } from "firebase-admin/firestore";
import { HOUSEHOLDS_COLLECTION } from "../contract/firestore-paths";
import { Household } from "../contract/household";
import { createFirestoreMirror, type FirestoreMirror } from "../firebase/firestore-mirror";

interface Directory {
  byKey: Map<string, Household>;
  byCodeDigest: Map<string, Household>;
}

export interface HouseholdDirectory {
  byKey(key: string): Promise<Household | undefined>;
  /** The household whose current code is `code` (already normalised); rotated and unknown codes both give none. */
  byCode(code: string): Promise<Household | undefined>;
  all(): Promise<Household[]>;
  health: FirestoreMirror<Directory>["health"];
  close(): void;
}

const digest = (code: string) => createHash("sha256").update(code, "utf8").digest("base64");

export function createHouseholdDirectory(
  firestore: Firestore,
  log: { error(details: object, message: string): void },
): HouseholdDirectory {
  const mirror = createFirestoreMirror<Directory>({
    name: "The guest list",
    log,
    subscribe: ({ next, fail }) =>
      firestore.collection(HOUSEHOLDS_COLLECTION).onSnapshot((snapshot) => {
        const directory: Directory = { byKey: new Map(), byCodeDigest: new Map() };
        for (const doc of snapshot.docs) {
          const parsed = Household.safeParse(doc.data());
          // Only `seed invites` writes households, after validating; one bad document must not lock everyone out.
          if (!parsed.success) {
            log.error({ household: doc.id, issues: parsed.error.issues }, "stored household is unreadable; skipped");
            continue;
          }
          directory.byKey.set(parsed.data.key, parsed.data);
          directory.byCodeDigest.set(digest(parsed.data.code), parsed.data);
        }
        next(directory);
      }, fail),
  });

  return {
    async byKey(key) {
      return (await mirror.current()).byKey.get(key);
    },
    async byCode(code) {
      const candidate = (await mirror.current()).byCodeDigest.get(digest(code));
      if (!candidate) return undefined;
      const given = Buffer.from(code, "utf8");
      const stored = Buffer.from(candidate.code, "utf8");
      return given.length === stored.length && timingSafeEqual(given, stored) ? candidate : undefined;
    },
    async all() {
      return [...(await mirror.current()).byKey.values()];
    },
    health: () => mirror.health(),
    close: () => mirror.close(),
  };
}
