// The prerendered page's first-screen script (server/src/contract/routes.ts), run as the browser runs it: which screen
// each address shows before any of the app's code arrives.
import { FIRST_SCREEN_SCRIPT, SIGNED_IN_STORAGE_KEY } from "@boda/server/contract/routes";
import { afterEach, describe, expect, it } from "vitest";

function runAt(hash: string): string | null {
  window.history.replaceState(null, "", `/${hash}`);
  document.documentElement.lang = "es";
  new Function(FIRST_SCREEN_SCRIPT)();
  return document.documentElement.getAttribute("data-screen");
}

afterEach(() => {
  document.documentElement.removeAttribute("data-screen");
  document.documentElement.removeAttribute("data-session");
});

describe("the first-screen script", () => {
  it.each([
    ["", "home"],
    ["#/", "home"],
    ["#/?invite=ABCD&lang=es", "home"],
    ["#/ubicaciones", "locations"],
    ["#/ubicaciones?evento=ceremonia", "locations"],
    ["#/confirmar", "app"],
    ["#/pareja", "app"],
    ["#/privacidad", "app"],
  ])("shows %j as %s", (hash, screen) => {
    expect(runAt(hash)).toBe(screen);
    expect(window.location.hash).toBe(hash);
  });

  it.each(["#/x", "#/a/b", "#/anything?x=1", "#ubicaciones"])(
    "replaces %j by #/ubicaciones and shows the places",
    (hash) => {
      const entries = window.history.length;
      expect(runAt(hash)).toBe("locations");
      expect(window.location.hash).toBe("#/ubicaciones");
      expect(window.history.length).toBe(entries);
    },
  );

  it("marks a device that remembers a sign-in, so the stranger's card waits", () => {
    runAt("#/");
    expect(document.documentElement.getAttribute("data-session")).toBeNull();
    window.localStorage.setItem(SIGNED_IN_STORAGE_KEY, "1");
    runAt("#/");
    expect(document.documentElement.getAttribute("data-session")).toBe("remembered");
  });
});
