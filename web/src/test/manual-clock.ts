// A clock for the outbox that moves only when a test says so: retries are driven by `advance`, never by waiting.
import type { OutboxClock } from "../lib/outbox/outbox";

export interface ManualClock extends OutboxClock {
  /** Moves time forward and runs every timer that falls due, in order. */
  advance(ms: number): void;
  /** How long until the next timer, or undefined when none is set. */
  nextTimerIn(): number | undefined;
}

export function manualClock(start: number): ManualClock {
  let now = start;
  let nextHandle = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout(run, ms) {
      nextHandle += 1;
      timers.set(nextHandle, { at: now + ms, run });
      return nextHandle;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = until;
    },
    nextTimerIn() {
      const ats = [...timers.values()].map((timer) => timer.at);
      return ats.length > 0 ? Math.min(...ats) - now : undefined;
    },
  };
}
