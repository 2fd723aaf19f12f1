import autocannon from "autocannon";
import { LOAD } from "./load.mjs";
import { progress } from "./progress.mjs";

/**
 * Sends `checkpoints` worth of requests to `url` (cumulative counts, e.g. [10_000, 100_000])
 * as fast as the server answers, with the same connections as the throughput rows, and
 * reads the server's RSS after each checkpoint. With `sampleEveryMs`, RSS is also read that
 * often while the requests run, and each point keeps the highest reading of its stretch.
 * Returns `{ startMb, points: [{ requests, rssMb, peakMb?, reqPerSec }], non2xx, errors }`.
 */
export async function soak(url, server, checkpoints, { headers = {}, requests, sampleEveryMs } = {}) {
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
    let peakMb = 0;
    const sampler = sampleEveryMs
      ? setInterval(() => {
          peakMb = Math.max(peakMb, server.rssMb());
        }, sampleEveryMs)
      : undefined;
    const result = await autocannon({
      url,
      connections: LOAD.connections,
      pipelining: LOAD.pipelining,
      amount,
      headers: { "accept-encoding": "gzip", ...headers },
      ...(requests ? { requests } : {}),
    });
    clearInterval(sampler);
    sent = target;
    non2xx += result.non2xx;
    errors += result.errors;
    // Let the allocator settle for a moment: RSS is read when the server is idle again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssMb = server.rssMb();
    points.push({
      requests: target,
      rssMb,
      ...(sampler ? { peakMb: Math.max(peakMb, rssMb) } : {}),
      reqPerSec: Math.round(result.requests.average),
    });
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
 * The soak's goal: memory has levelled off when the highest RSS read while the second half
 * of the requests ran is at most `maxGrowthPercent` above the highest read up to a quarter
 * of them. A leak makes new highs late in the run: what it holds grows by the requests
 * between (at least a quarter of the run), so 1 KB a request left on the server reads +64%
 * in a run of 200,000. The collector does not: between two full collections the heap runs
 * up to about twice what is live, so a single reading lands anywhere on that sawtooth (one
 * run read 276, 295, 257, 326 and 367 MB idle at a tenth, a quarter, half, three quarters
 * and the end), while its top, over stretches that each span several collections, stays.
 */
export function peaksLevelOff(points, maxGrowthPercent) {
  const total = points.at(-1).requests;
  const peakOf = (list) => Math.max(...list.map((p) => p.peakMb ?? p.rssMb));
  const early = points.filter((p) => p.requests <= total / 4);
  const late = points.filter((p) => p.requests > total / 2);
  const base = peakOf(early.length ? early : points.slice(0, 1));
  const peak = peakOf(late.length ? late : points.slice(-1));
  const growth = (100 * (peak - base)) / base;
  return {
    text: `levels off: the highest RSS over the second half ≤ the highest up to a quarter + ${maxGrowthPercent}% (${Math.round(base)} → ${Math.round(peak)} MB, ${growth >= 0 ? "+" : ""}${growth.toFixed(1)}%)`,
    met: growth <= maxGrowthPercent,
  };
}
