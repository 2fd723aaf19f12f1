import { heapStats } from "bun:jsc";
import { describe, expect, it } from "bun:test";
import { QueryClient } from "@tanstack/react-query";
import { installServerQueryTimers, SERVER_QUERY_TIMER_MAX_MS, serverQueryTimers } from "./query-timers";

const pendingTimers = () => {
  Bun.gc(true);
  return heapStats().objectTypeCounts.Timeout ?? 0;
};

describe("TanStack Query timers on the server", () => {
  it("runs short timers and drops the long ones", async () => {
    let ran = false;
    serverQueryTimers.setTimeout(() => {
      ran = true;
    }, 1);
    expect(serverQueryTimers.setTimeout(() => {}, SERVER_QUERY_TIMER_MAX_MS + 1)).toBe(0);
    expect(serverQueryTimers.setInterval(() => {}, 10)).toBe(0);
    await Bun.sleep(10);
    expect(ran).toBe(true);
  });

  it("leaves no timer behind for a query cache with a 5-minute gcTime", () => {
    installServerQueryTimers();
    const before = pendingTimers();
    for (let i = 0; i < 50; i++) {
      const client = new QueryClient({ defaultOptions: { queries: { gcTime: 5 * 60_000 } } });
      // As an island's render does: unobserved queries schedule their garbage collection.
      client.setQueryData(["ids", i], [1, 2, 3]);
      client.getQueryCache().build(client, { queryKey: ["pins", i] });
    }
    expect(pendingTimers() - before).toBeLessThan(5);
  });
});
