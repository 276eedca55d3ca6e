// Counts the writes a command queues in one transaction or batch, enforcing Firestore's per-commit limit and
// (for tests) failing on purpose after N writes, to prove a failure midway leaves the store untouched.

/** Firestore's historical limit on writes in one commit; staying under it keeps every command all-or-nothing. */
export const MAX_WRITES_PER_COMMIT = 500;

export class WriteCounter {
  private queued = 0;

  constructor(private readonly failAfter?: number) {}

  /** Call at the start of a transaction attempt: Firestore may run the callback more than once. */
  reset(): void {
    this.queued = 0;
  }

  count(): void {
    this.queued += 1;
    if (this.failAfter !== undefined && this.queued > this.failAfter) {
      throw new Error(`Injected failure after ${this.failAfter} queued writes`);
    }
  }
}
