// What the guest sent without a connection (an answer, a guestbook message), kept on the device until it is sent.
// Each item's id is its idempotency key (the answer's `submissionId`, the message's `postId`): however often it is
// sent — a retry, a second tab, a reply lost on the way back — the BFF stores it once. Items are sent one at a time,
// oldest first, whenever the page is online; a transient failure is retried later, waiting twice as long each time;
// a conflict or a refusal stays in the list, shown to the guest, until the guest resolves or cancels it.
import type { GuestbookPostInput } from "@boda/server/contract/guestbook";
import type { RsvpInput } from "@boda/server/contract/rsvp";

export type OutboxEntry =
  | { kind: "rsvp"; input: Omit<RsvpInput, "submissionId"> }
  | { kind: "guestbook"; input: Omit<GuestbookPostInput, "postId"> };

/** Why an item waits for the guest rather than the network: the household's answer changed meanwhile, or the BFF refused it. */
export type HeldProblem = "conflict" | "refused";

export type OutboxItem = OutboxEntry & {
  id: string;
  queuedAt: number;
  /** Sends tried so far that failed for a reason that may pass (no network, a 5xx, too many posts). */
  attempts: number;
  /** Not sent again before this instant (ms since the epoch). */
  nextAttemptAt: number;
  problem?: HeldProblem;
};

/** What one send came to. `retry` may carry the wait the BFF asked for (Retry-After). */
export type SendOutcome =
  | { outcome: "sent" }
  | { outcome: "held"; problem: HeldProblem }
  | { outcome: "retry"; afterMs?: number };

export type Sender = (item: OutboxItem) => Promise<SendOutcome>;

/** Where the items are kept; `update` applies one change atomically (IndexedDB in the page, memory in tests). */
export interface OutboxStore {
  read(): Promise<OutboxItem[]>;
  update(change: (items: OutboxItem[]) => OutboxItem[]): Promise<OutboxItem[]>;
}

/** Time as the outbox sees it, injected so tests drive the retries without waiting. */
export interface OutboxClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface OutboxOptions {
  store: OutboxStore;
  send: Record<OutboxEntry["kind"], Sender>;
  clock: OutboxClock;
  isOnline: () => boolean;
  newId: () => string;
  /** Told about each item that landed (to refresh what the page shows). */
  onSent?: (item: OutboxItem) => void;
}

/** The tag the page registers for Background Sync, and the service worker's `sync` event answers to (sw.ts). */
export const OUTBOX_SYNC_TAG = "outbox";
/** What the service worker tells the open pages when the connection returns: send now. */
export const OUTBOX_FLUSH_MESSAGE = "OUTBOX_FLUSH";

/** The first retry waits this long, each next one twice as long, up to `MAX_RETRY_MS`. */
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 5 * 60_000;

export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export class Outbox {
  private items: OutboxItem[] = [];
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private timer: unknown;
  private stopped = false;

  constructor(private readonly options: OutboxOptions) {}

  /** Reads what an earlier visit left waiting and sends what is due. */
  async start(): Promise<void> {
    this.stopped = false;
    this.show(await this.options.store.read());
    await this.flush();
  }

  current(): readonly OutboxItem[] {
    return this.items;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Keeps an entry to send. The household has one answer: a new one replaces any answer still waiting. A message
   * already waiting with the same words is not kept twice (a second tap).
   */
  async add(entry: OutboxEntry): Promise<OutboxItem> {
    const now = this.options.clock.now();
    const item = { ...entry, id: this.options.newId(), queuedAt: now, attempts: 0, nextAttemptAt: now } as OutboxItem;
    let kept = item;
    await this.change((items) => {
      if (entry.kind === "rsvp") return [...items.filter((each) => each.kind !== "rsvp"), item];
      const same = items.find((each) => each.kind === "guestbook" && each.input.message === entry.input.message);
      if (same) {
        kept = same;
        return items;
      }
      return [...items, item];
    });
    void this.flush();
    return kept;
  }

  /** The guest cancels a waiting item: it is never sent (unless a send of it is already on its way). */
  async cancel(id: string): Promise<void> {
    await this.change((items) => items.filter((item) => item.id !== id));
  }

  /**
   * Sends every item that is due, one at a time. A call while a flush runs makes that flush look once more before it
   * ends (so nothing added meanwhile is missed), and resolves with it.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.flushAgain = false;
          await this.sendDue();
        } while (this.flushAgain);
      } finally {
        this.flushing = null;
      }
      this.scheduleNextRetry();
    })();
    return this.flushing;
  }

  /** Stops the retry timer (the page is going away, or a test ends). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async sendDue(): Promise<void> {
    // Another tab may have sent or cancelled items: the store is the truth.
    this.show(await this.options.store.read());
    for (;;) {
      if (this.stopped || !this.options.isOnline()) return;
      const now = this.options.clock.now();
      const next = this.items.find((item) => !item.problem && item.nextAttemptAt <= now);
      if (!next) return;
      let result: SendOutcome;
      try {
        result = await this.options.send[next.kind](next);
      } catch {
        result = { outcome: "retry" };
      }
      await this.settle(next, result);
    }
  }

  private async settle(item: OutboxItem, result: SendOutcome): Promise<void> {
    if (result.outcome === "sent") {
      await this.change((items) => items.filter((each) => each.id !== item.id));
      this.options.onSent?.(item);
      return;
    }
    await this.change((items) =>
      items.map((each) => {
        if (each.id !== item.id) return each;
        if (result.outcome === "held") return { ...each, problem: result.problem };
        const attempts = each.attempts + 1;
        const wait = Math.max(result.afterMs ?? 0, retryDelay(attempts));
        return { ...each, attempts, nextAttemptAt: this.options.clock.now() + wait };
      }),
    );
  }

  private scheduleNextRetry(): void {
    if (this.timer !== undefined) this.options.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const waiting = this.items.filter((item) => !item.problem).map((item) => item.nextAttemptAt);
    // Offline, the `online` event (or the service worker's sync) calls `flush` instead.
    if (this.stopped || waiting.length === 0 || !this.options.isOnline()) return;
    const wait = Math.max(0, Math.min(...waiting) - this.options.clock.now());
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
  }

  private async change(change: (items: OutboxItem[]) => OutboxItem[]): Promise<void> {
    this.show(await this.options.store.update(change));
  }

  private show(items: OutboxItem[]): void {
    this.items = items;
    for (const listener of this.listeners) listener();
  }
}
