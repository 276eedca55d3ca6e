// A new version of the page is ready (a deploy happened while it was open): the service worker registration says
// so here, the layout offers to update, and forms say while they hold unsent input, so an automatic switch never
// throws away what a guest typed. Tiny and dependency-free: it is part of every first paint.
import { useEffect } from "react";

type Listener = () => void;
const listeners = new Set<Listener>();
let apply: (() => Promise<void>) | undefined;
let unsaved = 0;

/** Called by the service worker registration when a new version waits; `update` switches to it and reloads. */
export function announceUpdate(update: () => Promise<void>): void {
  apply = update;
  for (const listener of listeners) listener();
}

export function updateWaiting(): boolean {
  return apply !== undefined;
}

export function applyUpdate(): Promise<void> {
  return apply?.() ?? Promise.resolve();
}

export function onUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any form on the page holds input the guest has not sent yet. */
export function hasUnsavedInput(): boolean {
  return unsaved > 0;
}

/** A form calls this with whether it holds unsent input. */
export function useUnsavedInput(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    unsaved += 1;
    return () => {
      unsaved -= 1;
    };
  }, [dirty]);
}
