import { useEffect, useState } from "react";
import { useMounted } from "../home/use-mounted";

const TICK_MS = 30_000;

/**
 * The time the messages screens measure against. The server does not know the reader's
 * zone, so the first render (server and hydration alike) uses the server's `now` in UTC;
 * once mounted the browser's own clock and zone take over, ticking so '5m' becomes '6m'.
 */
export function useClock(serverNow: string): { now: Date; timeZone: string | undefined } {
  const mounted = useMounted();
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return { now, timeZone: mounted ? undefined : "UTC" };
}
