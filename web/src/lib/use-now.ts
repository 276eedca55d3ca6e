// The current time for what changes with it on screen (how many days are left, what is on now, what comes next),
// re-read every half minute; tests move it with fake timers. A prerendered page first renders at the moment its HTML
// was rendered (the server's `now`, carried in the page's data), so hydrating it matches the HTML, and moves to the
// device's clock right after.
import { createContext, useContext, useEffect, useState } from "react";

const RenderedAtContext = createContext<Date | undefined>(undefined);
export const RenderedAtProvider = RenderedAtContext.Provider;

export function useNow(everyMs = 30_000): Date {
  const renderedAt = useContext(RenderedAtContext);
  const [now, setNow] = useState(() => renderedAt ?? new Date());
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
