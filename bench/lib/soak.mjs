import autocannon from "autocannon";
import { LOAD } from "./load.mjs";
import { progress } from "./progress.mjs";

/**
 * Sends `checkpoints` worth of requests to `url` (cumulative counts, e.g. [10_000, 100_000])
 * as fast as the server answers, with the same connections as the throughput rows, and
 * reads the server's RSS after each checkpoint. Returns
 * `{ startMb, points: [{ requests, rssMb, reqPerSec }], non2xx, errors }`.
 */
export async function soak(url, server, checkpoints, { headers = {}, requests } = {}) {
  const startMb = server.rssMb();
  const points = [];
  let sent = 0;
  let non2xx = 0;
  let errors = 0;
  for (const target of checkpoints) {
    const amount = target - sent;
    progress(
      `soak ${url}: ${amount.toLocaleString("en-US")} requests (to ${target.toLocaleString("en-US")})`,
    );
    const result = await autocannon({
      url,
      connections: LOAD.connections,
      pipelining: LOAD.pipelining,
      amount,
      headers: { "accept-encoding": "gzip", ...headers },
      ...(requests ? { requests } : {}),
    });
    sent = target;
    non2xx += result.non2xx;
    errors += result.errors;
    // Let the allocator settle for a moment: RSS is read when the server is idle again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    points.push({ requests: target, rssMb: server.rssMb(), reqPerSec: Math.round(result.requests.average) });
  }
  return { startMb, points, non2xx, errors };
}

// Issue 25's member soak: the member pages, each request the next page of the next member.
export const MEMBER_SOAK_PAGES = ["/about", "/feed", "/users/{id}", "/profile", "/messages", "/"];

/**
 * autocannon `requests` that walk `cookies` (one member each, `memberIds` theirs) and, for
 * each, MEMBER_SOAK_PAGES in turn: `/users/{id}` is the next member's profile. With the
 * server keeping things per viewer, the soak shows whether what it keeps stays bounded.
 */
export function memberPageRequests({ cookies, memberIds }) {
  let n = 0;
  return [
    {
      method: "GET",
      setupRequest(req) {
        const k = n % cookies.length;
        const page = MEMBER_SOAK_PAGES[Math.floor(n / cookies.length) % MEMBER_SOAK_PAGES.length];
        n++;
        const path = page.replace("{id}", String(memberIds[(k + 1) % memberIds.length]));
        return { ...req, path, headers: { ...req.headers, cookie: cookies[k] } };
      },
    },
  ];
}

/** Checkpoints for a soak of `total` requests at these shares of it. */
export const soakCheckpoints = (total, shares = [0.1, 0.25, 0.5, 0.75, 1]) =>
  shares.map((share) => Math.max(1, Math.round(total * share)));

/**
 * The soak's goal: memory has
 * levelled off when no reading after the half-way one is more than `maxGrowthPercent` above
 * the highest reading up to it. A leak makes new highs late in the run; the collector's
 * sawtooth moves a single reading up or down by a fifth (one run read 520, 389, 464 and 451
 * MB at a quarter, half, three quarters and the end), so one low half-way reading is no base.
 */
export function levelsOffOverLastHalf(points, maxGrowthPercent) {
  const last = points.at(-1);
  const halfWay = points.findIndex((p) => p.requests >= last.requests / 2);
  const firstHalf = points.slice(0, Math.max(1, halfWay + 1));
  const secondHalf = points.slice(Math.max(1, halfWay + 1));
  const base = Math.max(...firstHalf.map((p) => p.rssMb));
  const peak = Math.max(...(secondHalf.length ? secondHalf : [last]).map((p) => p.rssMb));
  const growth = (100 * (peak - base)) / base;
  return {
    text: `levels off: every reading after half-way ≤ the highest up to it + ${maxGrowthPercent}% (${growth >= 0 ? "+" : ""}${growth.toFixed(1)}%)`,
    met: growth <= maxGrowthPercent,
  };
}
