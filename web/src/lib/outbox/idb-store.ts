// The outbox kept in the browser's IndexedDB (its own database, one record), so what the guest sent offline survives
// closing the page. Each change is one IndexedDB transaction: two tabs never undo each other's changes. The IndexedDB
// library is fetched on the outbox's first use, so a first visit does not download it.
import type { OutboxItem, OutboxStore } from "./outbox";

const KEY = "items";

export function idbOutboxStore(): OutboxStore {
  let opened: Promise<{ keyval: typeof import("idb-keyval"); store: import("idb-keyval").UseStore }> | undefined;
  const open = () => {
    opened ??= import("idb-keyval").then((keyval) => ({ keyval, store: keyval.createStore("boda-outbox", "outbox") }));
    return opened;
  };
  return {
    async read() {
      const { keyval, store } = await open();
      return (await keyval.get<OutboxItem[]>(KEY, store)) ?? [];
    },
    async update(change) {
      const { keyval, store } = await open();
      let changed: OutboxItem[] = [];
      await keyval.update<OutboxItem[]>(
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
