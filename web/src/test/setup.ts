// Runs before each component test file: every test starts with an empty page, storage and address.
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy…/waitFor wait on what the page shows; a busy shared machine may take longer than the default second to get
// there, and that must not fail a test (the test's own timeout still bounds it).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.history.replaceState(null, "", "/");
  document.documentElement.removeAttribute("lang");
  document.documentElement.removeAttribute("style");
  document.title = "";
});

// jsdom has no layout, so scrolling is not implemented; the router's scroll restoration only needs the call to exist.
window.scrollTo = () => undefined;

// jsdom has no CSS.escape, which user-event calls to find a radio group when the arrow keys walk it. It only puts
// the group's name inside a quoted attribute selector, where quotes and backslashes are what need escaping.
if (typeof window.CSS?.escape !== "function") {
  Object.assign(window, { CSS: { ...window.CSS, escape: (value: string) => value.replace(/["\\]/g, "\\$&") } });
}
