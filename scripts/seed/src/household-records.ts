// Everything stored about a household, wherever it lives: its guest-list entry and invite codes (Firestore), its
// answer and the answer's history (Firestore), its guestbook messages (Realtime Database) and the sign-in account its
// invite link made (Auth). Read for `seed data export`, deleted by `seed data forget` and `seed data purge`.
//
// Push messages keep nothing here: a browser's token is only subscribed to a topic in Firebase Messaging
// (server/src/notifications/), so there is no stored token to export or delete.
import { householdUid } from "@boda/server/auth/viewer";
import { HOUSEHOLDS_COLLECTION } from "@boda/server/contract/firestore-paths";
import { GUESTBOOK_PATH } from "@boda/server/contract/guestbook";
import { INVITE_CODES_COLLECTION } from "@boda/server/contract/household";
import { RSVP_HISTORY_SUBCOLLECTION, RSVPS_COLLECTION } from "@boda/server/contract/rsvp";
import type { FirebaseHandles } from "@boda/server/firebase/admin";
import type { UserRecord } from "firebase-admin/auth";
import type { DocumentData, DocumentReference } from "firebase-admin/firestore";
import { MAX_WRITES_PER_COMMIT } from "./write-counter";

/** Household accounts are made with this uid prefix when an invite link is redeemed; the couple's never are. */
const HOUSEHOLD_UID_PREFIX = householdUid("");

export interface SignInAccount {
  uid: string;
  createdAt?: string;
  lastSignInAt?: string;
}

export interface HouseholdRecords {
  key: string;
  /** `households/{key}` as stored. */
  household?: DocumentData;
  /** Ids of `inviteCodes/{code}` pointing at this household. */
  inviteCodes: string[];
  /** `rsvps/{key}` as stored. */
  answer?: DocumentData;
  /** `rsvps/{key}/history/{revision}`, oldest first (kept even if the answer itself is gone). */
  history: Array<{ id: string; data: DocumentData }>;
  /** `/guestbook/{id}` messages the household posted, hidden ones included. */
  guestbook: Array<{ id: string; entry: Record<string, unknown> }>;
  account?: SignInAccount;
}

export function isEmpty(records: HouseholdRecords): boolean {
  return (
    !records.household &&
    records.inviteCodes.length === 0 &&
    !records.answer &&
    records.history.length === 0 &&
    records.guestbook.length === 0 &&
    !records.account
  );
}

function emptyRecords(key: string): HouseholdRecords {
  return { key, inviteCodes: [], history: [], guestbook: [] };
}

function accountOf(user: UserRecord): SignInAccount {
  return {
    uid: user.uid,
    createdAt: user.metadata.creationTime ? new Date(user.metadata.creationTime).toISOString() : undefined,
    lastSignInAt: user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime).toISOString() : undefined,
  };
}

async function readGuestbook(
  firebase: FirebaseHandles,
): Promise<Array<{ id: string; entry: Record<string, unknown> }>> {
  const snapshot = await firebase.database.ref(GUESTBOOK_PATH).orderByChild("createdAt").get();
  const messages: Array<{ id: string; entry: Record<string, unknown> }> = [];
  snapshot.forEach((child) => {
    if (child.key) messages.push({ id: child.key, entry: child.val() as Record<string, unknown> });
  });
  return messages;
}

async function readHistory(answer: DocumentReference): Promise<HouseholdRecords["history"]> {
  const snapshot = await answer.collection(RSVP_HISTORY_SUBCOLLECTION).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() })).sort((a, b) => a.id.localeCompare(b.id));
}

/** What is stored about one household (empty when nothing is). */
export async function readHouseholdRecords(firebase: FirebaseHandles, key: string): Promise<HouseholdRecords> {
  const { firestore } = firebase;
  const answerRef = firestore.collection(RSVPS_COLLECTION).doc(key);
  const [household, codes, answer, history, guestbook, account] = await Promise.all([
    firestore.collection(HOUSEHOLDS_COLLECTION).doc(key).get(),
    firestore.collection(INVITE_CODES_COLLECTION).where("householdKey", "==", key).get(),
    answerRef.get(),
    readHistory(answerRef),
    readGuestbook(firebase),
    firebase.auth.getUser(householdUid(key)).then(accountOf, (error: { code?: string }) => {
      if (error.code === "auth/user-not-found") return undefined;
      throw error;
    }),
  ]);
  return {
    key,
    household: household.data(),
    inviteCodes: codes.docs.map((doc) => doc.id),
    answer: answer.data(),
    history,
    guestbook: guestbook.filter(({ entry }) => entry.householdKey === key),
    account,
  };
}

/** What is stored about every household, including leftovers of one whose guest-list entry is already gone. */
export async function readAllHouseholdRecords(firebase: FirebaseHandles): Promise<HouseholdRecords[]> {
  const { firestore } = firebase;
  const byKey = new Map<string, HouseholdRecords>();
  const recordsOf = (key: string) => {
    const existing = byKey.get(key);
    if (existing) return existing;
    const created = emptyRecords(key);
    byKey.set(key, created);
    return created;
  };
  const [households, codes, answerRefs, guestbook] = await Promise.all([
    firestore.collection(HOUSEHOLDS_COLLECTION).get(),
    firestore.collection(INVITE_CODES_COLLECTION).get(),
    // listDocuments also names answers that are gone but still have history under them.
    firestore.collection(RSVPS_COLLECTION).listDocuments(),
    readGuestbook(firebase),
  ]);
  for (const doc of households.docs) recordsOf(doc.id).household = doc.data();
  for (const doc of codes.docs) recordsOf(String(doc.get("householdKey"))).inviteCodes.push(doc.id);
  for (const ref of answerRefs) {
    const [answer, history] = await Promise.all([ref.get(), readHistory(ref)]);
    const records = recordsOf(ref.id);
    records.answer = answer.data();
    records.history = history;
  }
  for (const message of guestbook) recordsOf(String(message.entry.householdKey)).guestbook.push(message);
  let pageToken: string | undefined;
  do {
    const page = await firebase.auth.listUsers(1000, pageToken);
    for (const user of page.users) {
      if (user.uid.startsWith(HOUSEHOLD_UID_PREFIX)) {
        recordsOf(user.uid.slice(HOUSEHOLD_UID_PREFIX.length)).account = accountOf(user);
      }
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return [...byKey.values()].filter((records) => !isEmpty(records)).sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Deletes what `records` found, in steps that each leave a consistent state, so an interrupted run is finished by
 * running again. First one Firestore commit removes the guest-list entry, its codes and its answer together (the
 * totals, computed from households and answers, never see a household without its answer or the reverse); then
 * leftover history, the guestbook messages (one atomic update) and the sign-in account. `afterStep` runs after each
 * step (tests interrupt there).
 */
export async function deleteHouseholdRecords(
  firebase: FirebaseHandles,
  records: HouseholdRecords,
  afterStep: () => void = () => {},
): Promise<void> {
  const { firestore } = firebase;
  const answerRef = firestore.collection(RSVPS_COLLECTION).doc(records.key);
  const refs = [
    ...(records.household ? [firestore.collection(HOUSEHOLDS_COLLECTION).doc(records.key)] : []),
    ...records.inviteCodes.map((code) => firestore.collection(INVITE_CODES_COLLECTION).doc(code)),
    ...(records.answer ? [answerRef] : []),
    ...records.history.map(({ id }) => answerRef.collection(RSVP_HISTORY_SUBCOLLECTION).doc(id)),
  ];
  for (let start = 0; start < refs.length; start += MAX_WRITES_PER_COMMIT) {
    const batch = firestore.batch();
    for (const ref of refs.slice(start, start + MAX_WRITES_PER_COMMIT)) batch.delete(ref);
    await batch.commit();
    afterStep();
  }
  if (records.guestbook.length > 0) {
    await firebase.database
      .ref()
      .update(Object.fromEntries(records.guestbook.map(({ id }) => [`${GUESTBOOK_PATH}/${id}`, null])));
    afterStep();
  }
  if (records.account) {
    await firebase.auth.deleteUser(records.account.uid).catch((error: { code?: string }) => {
      if (error.code !== "auth/user-not-found") throw error;
    });
    afterStep();
  }
}

/** "1 guest-list entry, 1 answer with 3 history entries, 2 guestbook messages, 1 sign-in account" — counts only. */
export function describeRecords(records: readonly HouseholdRecords[]): string {
  const count = (pick: (each: HouseholdRecords) => number) => records.reduce((sum, each) => sum + pick(each), 0);
  const parts = [
    [count((each) => (each.household ? 1 : 0)), "guest-list entry", "guest-list entries"],
    [count((each) => each.inviteCodes.length), "invite code", "invite codes"],
    [count((each) => (each.answer ? 1 : 0)), "answer (with dietary needs)", "answers (with dietary needs)"],
    [count((each) => each.history.length), "history entry", "history entries"],
    [
      count((each) => each.guestbook.length),
      "guestbook message (with its author)",
      "guestbook messages (with their authors)",
    ],
    [count((each) => (each.account ? 1 : 0)), "sign-in account", "sign-in accounts"],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(", ");
}
