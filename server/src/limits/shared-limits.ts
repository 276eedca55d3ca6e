// Rate limits every BFF instance counts together (sign-in attempts, guestbook posts). Production runs up to ten
// instances; limits held in each one's memory would give a guesser ten times the budget.
//
// Where the counts live: the Realtime Database, at `/rateLimits/{scope}:{hash of the key}` = { count, resetAt },
// changed only in transactions. Why there and not in Firestore (`rateLimits/{scope}:{key}:{window}` docs):
// - Contention. The overall sign-in limit is one counter every attempt touches (up to 300 a minute, in bursts of
//   hundreds at once). Firestore advises about one sustained write a second per document and its transactions lock
//   the document, so a burst queues for seconds and ends in ABORTED; a Realtime Database transaction is
//   compare-and-set on the server, and one instance's SDK sends all its queued transactions on a node together.
// - Latency and cost. Every instance already holds an open connection to the Realtime Database (the live feed), so a
//   transaction is usually one round trip, and it costs no per-operation fee (Firestore bills every read and write).
// - It keeps a Firestore outage from stopping sign-in checks, and the counts are no one's data worth keeping.
// `rate-limiter-flexible` (used here before) has stores for Redis, Mongo, SQL, DynamoDB, Etcd… but none for
// Firebase, so this is the few lines it takes. Its semantics are kept: a window starts at a key's first attempt
// (no doubled budget at a fixed boundary), the point is taken before the work (a burst of parallel guesses cannot
// slip past: each one's transaction commits one at a time), and a refusal says how long until the window ends.
// Browsers cannot read or write `/rateLimits`: database.rules.json denies the whole database (tested in
// scripts/rtdb-standin/src/rules.test.ts, which names this path). Keys are stored hashed: no address is kept.
// Old entries: every window's length, each instance removes the entries whose window has ended (a query on
// `resetAt`, indexed in database.rules.json), each in a transaction so a key that just started a new window is kept.
// When the database does not answer within LIMIT_WAIT_MS the caller gets 503 with Retry-After: the limits fail
// closed (a sign-in is refused rather than let through uncounted). A transaction the SDK still holds then lands
// when the database is back and counts that attempt: the safe side.
import { createHash } from "node:crypto";
import type { Database } from "firebase-admin/database";
import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import { UnavailableError } from "../errors";

export const RATE_LIMITS_PATH = "rateLimits";

/** Well above a healthy database's answer (milliseconds), short enough that a refused guest is not kept waiting. */
export const LIMIT_WAIT_MS = 5_000;

export interface RateLimit {
  points: number;
  windowSeconds: number;
}

/** A refusal: the limit is reached until the key's window ends. */
export class LimitReached extends Error {
  override readonly name = "LimitReached";
  constructor(readonly retryAfterSeconds: number) {
    super(`Limit reached; try again in ${retryAfterSeconds} seconds.`);
  }
}

export interface Limiter {
  /** Takes one point for `key`, or throws LimitReached (or UnavailableError when the store does not answer). */
  consume(key: string): Promise<void>;
  /** Gives a point back (a sign-in that succeeded was not a guess); never throws. */
  refund(key: string): Promise<void>;
}

/**
 * One attempt from an address: a point from its own budget, then one from everyone's. When everyone's budget refuses,
 * the address's point is given back, so a guest is not charged for a crowd they are not part of. Throws LimitReached
 * from whichever refused.
 */
export async function consumeAddressThenGlobal(perAddress: Limiter, global: Limiter, address: string): Promise<void> {
  await perAddress.consume(address);
  try {
    await global.consume("all");
  } catch (refusal) {
    await perAddress.refund(address);
    throw refusal;
  }
}

export interface LimitStore {
  limiter(scope: string, limit: RateLimit): Limiter;
  close(): void;
}

const secondsUntil = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Each process counting for itself: the component tests' in-memory services (one instance, no database). */
export function memoryLimitStore(): LimitStore {
  return {
    limiter(scope, limit) {
      const memory = new RateLimiterMemory({ keyPrefix: scope, points: limit.points, duration: limit.windowSeconds });
      return {
        async consume(key) {
          try {
            await memory.consume(key);
          } catch (refusal) {
            throw new LimitReached(secondsUntil((refusal as RateLimiterRes).msBeforeNext ?? 60_000));
          }
        },
        async refund(key) {
          await memory.reward(key).catch(() => {});
        },
      };
    },
    close() {},
  };
}

interface Counted {
  count: number;
  /** Milliseconds since the epoch when this window ends. */
  resetAt: number;
}

const isCounted = (value: unknown): value is Counted =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Counted).count === "number" &&
  typeof (value as Counted).resetAt === "number";

/** The key's node name: the scope and a hash (addresses are not stored; `.`/`/`/`#` never reach a path). */
export function limitNode(scope: string, key: string): string {
  return `${scope}:${createHash("sha256").update(key).digest("hex").slice(0, 32)}`;
}

export function realtimeDatabaseLimitStore(
  database: Database,
  options: { now?: () => number; waitMs?: number; log?: { error(object: unknown, message?: string): void } } = {},
): LimitStore & { removeEnded(): Promise<void> } {
  const now = options.now ?? Date.now;
  const waitMs = options.waitMs ?? LIMIT_WAIT_MS;
  const timers = new Set<NodeJS.Timeout>();

  async function bounded<T>(what: string, work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new UnavailableError(`The limits store did not answer within ${waitMs} ms while ${what}.`)),
        waitMs,
      );
    });
    try {
      return await Promise.race([work, outOfTime]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Removes entries whose window has ended; a key that started a new window meanwhile is kept. */
  async function removeEnded(): Promise<void> {
    const at = now();
    const ended = await database.ref(RATE_LIMITS_PATH).orderByChild("resetAt").endAt(at).get();
    const removals: Array<Promise<unknown>> = [];
    ended.forEach((child) => {
      removals.push(
        child.ref.transaction((current: unknown) => {
          if (current === null) return null;
          return isCounted(current) && current.resetAt <= now() ? null : undefined;
        }),
      );
    });
    await Promise.all(removals);
  }

  return {
    removeEnded,
    limiter(scope, limit) {
      const windowMs = limit.windowSeconds * 1000;
      const timer = setInterval(() => {
        removeEnded().catch((error) => options.log?.error({ err: error }, "removing ended rate-limit windows failed"));
      }, windowMs);
      timer.unref();
      timers.add(timer);
      return {
        async consume(key) {
          const node = database.ref(`${RATE_LIMITS_PATH}/${limitNode(scope, key)}`);
          let refusedFor = 0;
          const result = await bounded(
            `counting ${scope}`,
            node.transaction(
              (current: unknown) => {
                const at = now();
                refusedFor = 0;
                if (!isCounted(current) || current.resetAt <= at) return { count: 1, resetAt: at + windowMs };
                if (current.count >= limit.points) {
                  refusedFor = current.resetAt - at;
                  // Written back unchanged rather than aborted: the SDK's first run sees its local copy, and an
                  // abort is never checked with the server; this way the refusal rests on the server's count.
                  return current;
                }
                return { count: current.count + 1, resetAt: current.resetAt };
              },
              undefined,
              false,
            ),
          );
          if (!result.committed) throw new Error(`The ${scope} count was not written.`);
          // The last run of the update is the one the server accepted: its verdict stands.
          if (refusedFor > 0) throw new LimitReached(secondsUntil(refusedFor));
        },
        async refund(key) {
          const node = database.ref(`${RATE_LIMITS_PATH}/${limitNode(scope, key)}`);
          await bounded(
            `refunding ${scope}`,
            node.transaction(
              (current: unknown) => {
                // Never abort: the SDK's first run sees its local copy (often none), and an abort is not checked
                // with the server. Writing back what it saw makes the server compare, and rerun on the real count.
                if (!isCounted(current) || current.resetAt <= now() || current.count <= 0) return current ?? null;
                return { count: current.count - 1, resetAt: current.resetAt };
              },
              undefined,
              false,
            ),
          ).catch((error) => options.log?.error({ err: error }, "giving back a rate-limit point failed"));
        },
      };
    },
    close() {
      for (const timer of timers) clearInterval(timer);
      timers.clear();
    },
  };
}
