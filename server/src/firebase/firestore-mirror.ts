// Keeps the latest value of a Firestore listener in memory, so reads cost no database round trip. It keeps
// serving the last good value when the listener fails, re-subscribes by itself with backoff, never leaves a
// reader waiting forever for the first value, and says honestly whether it is up to date (for /readyz).
import { UnavailableError } from "../errors";

export interface MirrorHandlers<T> {
  /** A new good value. */
  next(value: T): void;
  /** The stored data could not be read (e.g. fails its schema): keep the last good value, keep listening. */
  invalid(error: Error): void;
  /** The listener itself broke (network, permissions): it is re-subscribed after a pause. */
  fail(error: Error): void;
}

export interface FirestoreMirror<T> {
  /** The latest good value; before the first one, waits up to `firstValueTimeoutMs`, then throws UnavailableError. */
  current(): Promise<T>;
  /** True while the latest value is known to be current: first value received and the listener healthy. */
  health(): { ready: true } | { ready: false; reason: string };
  close(): void;
}

export interface FirestoreMirrorOptions<T> {
  /** What is mirrored, for logs and errors ("the published content"). */
  name: string;
  subscribe(handlers: MirrorHandlers<T>): () => void;
  log: { error(details: object, message: string): void; warn?(details: object, message: string): void };
  firstValueTimeoutMs?: number;
  /** Pauses before re-subscribing after successive failures; the last one repeats. */
  retryDelaysMs?: readonly number[];
}

const DEFAULT_RETRY_DELAYS_MS = [250, 1000, 2000, 5000, 10_000];

export function createFirestoreMirror<T>(options: FirestoreMirrorOptions<T>): FirestoreMirror<T> {
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const firstValueTimeoutMs = options.firstValueTimeoutMs ?? 5000;
  let latest: { value: T } | undefined;
  let problem: string | undefined = "waiting for the first snapshot";
  let failures = 0;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  const waiters = new Set<{ resolve(value: T): void; reject(error: Error): void }>();

  const settleWaiters = (outcome: { value: T } | { error: Error }) => {
    for (const waiter of waiters) {
      if ("value" in outcome) waiter.resolve(outcome.value);
      else waiter.reject(outcome.error);
    }
    waiters.clear();
  };

  const subscribe = () => {
    if (closed) return;
    // Each subscription ignores callbacks that arrive after it was replaced.
    let active = true;
    const handlers: MirrorHandlers<T> = {
      next(value) {
        if (!active) return;
        latest = { value };
        problem = undefined;
        failures = 0;
        settleWaiters({ value });
      },
      invalid(error) {
        if (!active) return;
        options.log.error({ err: error }, `${options.name}: stored data is unreadable; serving the last good copy`);
        if (!latest) {
          problem = `stored data is unreadable: ${error.message}`;
          settleWaiters({ error: new UnavailableError(`${options.name} cannot be read right now.`) });
        }
      },
      fail(error) {
        if (!active) return;
        active = false;
        unsubscribe?.();
        problem = `listener failed (${error.message}); re-subscribing`;
        const delay = retryDelays[Math.min(failures, retryDelays.length - 1)] ?? 10_000;
        failures += 1;
        options.log.error(
          { err: error, retryInMs: delay },
          `${options.name}: listener failed; serving the last good copy and re-subscribing`,
        );
        if (!latest) settleWaiters({ error: new UnavailableError(`${options.name} is not available right now.`) });
        retryTimer = setTimeout(subscribe, delay);
        retryTimer.unref();
      },
    };
    try {
      unsubscribe = options.subscribe(handlers);
    } catch (error) {
      handlers.fail(error instanceof Error ? error : new Error(String(error)));
    }
  };
  subscribe();

  return {
    current() {
      if (latest) return Promise.resolve(latest.value);
      if (closed) return Promise.reject(new UnavailableError(`${options.name} is closed.`));
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new UnavailableError(`${options.name} did not load within ${firstValueTimeoutMs} ms.`));
        }, firstValueTimeoutMs);
        const waiter = {
          resolve: (value: T) => {
            clearTimeout(timer);
            resolve(value);
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.add(waiter);
      });
    },
    health() {
      return problem === undefined && latest ? { ready: true } : { ready: false, reason: problem ?? "no value yet" };
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      unsubscribe?.();
      settleWaiters({ error: new UnavailableError(`${options.name} is closed.`) });
    },
  };
}
