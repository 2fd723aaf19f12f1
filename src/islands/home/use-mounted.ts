import { useEffect, useState } from "react";

/** False during the server render and hydration, true after: for what only the browser knows. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
