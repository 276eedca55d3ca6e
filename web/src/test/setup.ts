// Runs before each component test file: every test starts with an empty page, storage and address.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

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
