// The outbox on its own: what the guest sent offline is kept, sent once when the page can, retried later after a
// failure that may pass (waiting longer each time, on a clock the test moves), held for the guest on a conflict,
// and never sent once cancelled.
import { describe, expect, it } from "vitest";
import { manualClock } from "../../test/manual-clock";
import { memoryOutboxStore } from "./idb-store";
import { FIRST_RETRY_MS, MAX_RETRY_MS, Outbox, type OutboxItem, type OutboxStore, type SendOutcome } from "./outbox";

const START = Date.UTC(2027, 3, 20, 5, 41);
const answer = {
  people: [{ personId: "carmen", attending: { boda: true }, dietary: [] }],
  answers: {},
  expectedRevision: 0,
};

/** An outbox over a memory store whose BFF answers each send with the next outcome given (then "sent"). */
function setUp(outcomes: SendOutcome[] = [], store: OutboxStore = memoryOutboxStore()) {
  const clock = manualClock(START);
  const sent: Array<{ kind: string; id: string; at: number }> = [];
  let online = false;
  let ids = 0;
  const send = async (item: OutboxItem) => {
    sent.push({ kind: item.kind, id: item.id, at: clock.now() });
    return outcomes.shift() ?? { outcome: "sent" as const };
  };
  const outbox = new Outbox({
    store,
    clock,
    send: { rsvp: send, guestbook: send },
    isOnline: () => online,
    newId: () => `key-${++ids}`,
  });
  const goOnline = () => {
    online = true;
    return outbox.flush();
  };
  return { outbox, clock, sent, store, goOnline, goOffline: () => (online = false) };
}

describe("outbox", () => {
  it("keeps what is sent offline on the device, and sends each item once when the connection returns", async () => {
    const { outbox, sent, store, goOnline } = setUp();
    await outbox.start();
    await outbox.add({ kind: "rsvp", input: answer });
    await outbox.add({ kind: "guestbook", input: { message: "¡Vivan los novios!" } });
    expect(sent).toEqual([]);
    expect((await store.read()).map((item) => item.kind)).toEqual(["rsvp", "guestbook"]);

    await Promise.all([goOnline(), outbox.flush(), outbox.flush()]);
    expect(sent.map((each) => each.id)).toEqual(["key-1", "key-2"]);
    expect(outbox.current()).toEqual([]);
    expect(await store.read()).toEqual([]);
  });

  it("sends what an earlier visit left waiting when the page opens again", async () => {
    const store = memoryOutboxStore();
    const closed = setUp([], store);
    await closed.outbox.start();
    await closed.outbox.add({ kind: "guestbook", input: { message: "Escrito sin cobertura" } });
    closed.outbox.stop();

    const reopened = setUp([], store);
    reopened.goOnline();
    await reopened.outbox.start();
    expect(reopened.sent.map((each) => each.id)).toEqual(["key-1"]);
    expect(await store.read()).toEqual([]);
  });

  it("keeps one answer per household (the latest) and one copy of a message tapped twice", async () => {
    const { outbox } = setUp();
    await outbox.add({ kind: "rsvp", input: answer });
    await outbox.add({ kind: "rsvp", input: { ...answer, message: "Al final sí" } });
    await outbox.add({ kind: "guestbook", input: { message: "Hola" } });
    const again = await outbox.add({ kind: "guestbook", input: { message: "Hola" } });
    expect(outbox.current().map((item) => item.id)).toEqual(["key-2", "key-3"]);
    expect(again.id).toBe("key-3");
    expect(outbox.current()[0]).toMatchObject({ kind: "rsvp", input: { message: "Al final sí" } });
  });

  it("never sends an item the guest cancelled", async () => {
    const { outbox, sent, goOnline } = setUp();
    const item = await outbox.add({ kind: "guestbook", input: { message: "Mejor no" } });
    await outbox.cancel(item.id);
    await goOnline();
    expect(sent).toEqual([]);
    expect(outbox.current()).toEqual([]);
  });

  it("holds an answer that met another device's change for the guest, and sends the rest", async () => {
    const { outbox, sent, clock, goOnline } = setUp([{ outcome: "held", problem: "conflict" }]);
    await outbox.add({ kind: "rsvp", input: answer });
    await outbox.add({ kind: "guestbook", input: { message: "Hola" } });
    await goOnline();
    expect(sent.map((each) => each.id)).toEqual(["key-1", "key-2"]);
    expect(outbox.current()).toMatchObject([{ id: "key-1", problem: "conflict" }]);
    // Never sent again by itself: only the guest resolves it.
    clock.advance(MAX_RETRY_MS * 4);
    await outbox.flush();
    expect(sent).toHaveLength(2);
    expect(clock.nextTimerIn()).toBeUndefined();
  });

  it("retries after a failure that may pass, waiting twice as long each time, with the same key", async () => {
    const { outbox, sent, clock, goOnline } = setUp([{ outcome: "retry" }, { outcome: "retry" }, { outcome: "retry" }]);
    await outbox.add({ kind: "guestbook", input: { message: "Hola" } });
    await goOnline();
    expect(sent.map((each) => each.at - START)).toEqual([0]);
    expect(clock.nextTimerIn()).toBe(FIRST_RETRY_MS);

    clock.advance(FIRST_RETRY_MS - 1);
    await outbox.flush();
    expect(sent).toHaveLength(1);
    // The timer starts a flush; flushing again joins it.
    clock.advance(1);
    await outbox.flush();
    expect(sent).toHaveLength(2);
    for (const wait of [FIRST_RETRY_MS * 2, FIRST_RETRY_MS * 4]) {
      expect(clock.nextTimerIn()).toBe(wait);
      const before = sent.length;
      clock.advance(wait);
      await outbox.flush();
      expect(sent).toHaveLength(before + 1);
    }
    expect(sent.map((each) => each.id)).toEqual(["key-1", "key-1", "key-1", "key-1"]);
    expect(sent.map((each) => each.at - START)).toEqual([0, 2_000, 6_000, 14_000]);
    expect(outbox.current()).toEqual([]);
  });

  it("waits as long as the BFF asks (Retry-After) when that is longer", async () => {
    const { outbox, clock, goOnline } = setUp([{ outcome: "retry", afterMs: 60_000 }]);
    await outbox.add({ kind: "guestbook", input: { message: "Hola" } });
    await goOnline();
    expect(clock.nextTimerIn()).toBe(60_000);
  });

  it("does not retry while offline; the connection's return sends it", async () => {
    const { outbox, sent, clock, goOnline, goOffline } = setUp([{ outcome: "retry" }]);
    await outbox.add({ kind: "guestbook", input: { message: "Hola" } });
    await goOnline();
    goOffline();
    clock.advance(MAX_RETRY_MS);
    await outbox.flush();
    expect(sent).toHaveLength(1);
    await goOnline();
    expect(sent).toHaveLength(2);
    expect(outbox.current()).toEqual([]);
  });
});
