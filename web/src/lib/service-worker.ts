// Registers the page's service worker (the offline shell) after first paint, where the browser has service workers
// (some in-app browsers do not: the page then simply needs the network). A new deploy is offered to the guest at once,
// and taken over by itself when the guest comes back to the page with nothing unsent in a form, so nobody stays on
// an old version for days and nobody loses what they typed.
import { registerSW } from "virtual:pwa-register";
import { announceUpdate, hasUnsavedInput } from "./app-update";

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      announceUpdate(() => update());
      const onVisibility = () => {
        if (document.visibilityState === "visible" && !hasUnsavedInput()) void update();
      };
      document.addEventListener("visibilitychange", onVisibility);
    },
  });
}
