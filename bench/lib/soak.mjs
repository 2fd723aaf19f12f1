import autocannon from "autocannon";
import { LOAD } from "./load.mjs";
import { progress } from "./progress.mjs";

/**
 * Sends `checkpoints` worth of requests to `url` (cumulative counts, e.g. [10_000, 100_000])
 * as fast as the server answers, with the same connections as the throughput rows, and
 * reads the server's RSS after each checkpoint. With `sampleEveryMs`, RSS is also read that
 * often while the requests run, and each point keeps the highest reading of its stretch.
 * With `seconds`, the checkpoints are seconds of load instead of counts of requests.
 * Returns `{ startMb, points: [{ requests, seconds?, rssMb, peakMb?, reqPerSec }], non2xx, errors }`.
 */
export async function soak(
  url,
  server,
  checkpoints,
  { headers = {}, requests, sampleEveryMs, seconds = false } = {},
) {
  const startMb = server.rssMb();
  const points = [];
  let sent = 0;
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  for (const target of checkpoints) {
    const amount = target - sent;
    progress(
      `soak ${url}: ${amount.toLocaleString("en-US")} ${seconds ? "s" : "requests"} (to ${target.toLocaleString("en-US")})`,
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
      ...(seconds ? { duration: amount } : { amount }),
      headers: { "accept-encoding": "gzip", ...headers },
      ...(requests ? { requests } : {}),
    });
    clearInterval(sampler);
    sent = target;
    answered += result.requests.total;
    non2xx += result.non2xx;
    errors += result.errors;
    // Let the allocator settle for a moment: RSS is read when the server is idle again.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssMb = server.rssMb();
    points.push({
      ...(seconds ? { seconds: target, requests: answered } : { requests: target }),
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
 * The soak's goal, over a soak of checkpoints in seconds: memory has levelled off when the
 * highest RSS read while the second half of the time ran is at most `maxGrowthPercent`
 * above the highest read during the first half. Each half is a minute or more, so each
 * holds a turn of the minute, when every page kept per member is made again at once (a
 * spike of its own; a rule that set a quarter of a 200,000-request run against its second
 * half read +20.9% when only the second half had one). A leak makes new highs late: what
 * it holds grows by the second half's requests, so 1 KB a request left on the server
 * reads far above the bound. The collector does not: between two full collections the
 * heap runs up to about twice what is live, so a single idle reading lands anywhere on
 * that sawtooth, while its top, over stretches that each span several collections, stays.
 */
export function peaksLevelOff(points, maxGrowthPercent) {
  const total = points.at(-1).seconds;
  const peakOf = (list) => Math.max(...list.map((p) => p.peakMb ?? p.rssMb));
  const first = points.filter((p) => p.seconds <= total / 2);
  const second = points.filter((p) => p.seconds > total / 2);
  const base = peakOf(first.length ? first : points.slice(0, 1));
  const peak = peakOf(second.length ? second : points.slice(-1));
  const growth = (100 * (peak - base)) / base;
  return {
    text: `levels off: the highest RSS over the second half ≤ the highest over the first + ${maxGrowthPercent}% (${Math.round(base)} → ${Math.round(peak)} MB, ${growth >= 0 ? "+" : ""}${growth.toFixed(1)}%)`,
    met: growth <= maxGrowthPercent,
  };
}
