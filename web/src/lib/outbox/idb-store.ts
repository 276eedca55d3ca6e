// The outbox kept in the browser's IndexedDB (its own database, one record), so what the guest sent offline survives
// closing the page. Each change is one IndexedDB transaction: two tabs never undo each other's changes.
import { createStore, get, update } from "idb-keyval";
import type { OutboxItem, OutboxStore } from "./outbox";

const KEY = "items";

export function idbOutboxStore(): OutboxStore {
  const store = createStore("boda-outbox", "outbox");
  return {
    read: async () => (await get<OutboxItem[]>(KEY, store)) ?? [],
    async update(change) {
      let changed: OutboxItem[] = [];
      await update<OutboxItem[]>(
        KEY,
        (items) => {
          changed = change(items ?? []);
          return changed;
        },
        store,
      );
      return changed;
    },
  };
}

/** An outbox kept in memory: where the browser has no IndexedDB (some private modes), and in tests. */
export function memoryOutboxStore(initial: OutboxItem[] = []): OutboxStore {
  let items = initial;
  return {
    read: async () => items,
    async update(change) {
      items = change(items);
      return items;
    },
  };
}
