// The current time for what changes with it on screen (what is on now, what comes next), re-read every half
// minute; tests move it with fake timers.
import { useEffect, useState } from "react";

export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
