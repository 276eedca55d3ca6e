// When the guest moves to another screen, a screen reader must hear that the screen changed: focus moves to the new
// screen's heading (its h1, focusable with tabIndex -1) and the page scrolls to the top. The first screen of a
// visit is left alone, where the browser puts it.
import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

export function useScreenFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the screen's path is what this effect reacts to.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const container = main.current;
    if (!container) return;
    window.scrollTo(0, 0);
    const focusHeading = () => {
      const heading = container.querySelector<HTMLElement>("h1");
      if (!heading) return false;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    // A screen whose code is still downloading shows its heading a moment later.
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, main]);
}
