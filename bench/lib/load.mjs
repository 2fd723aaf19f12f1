import autocannon from "autocannon";

/** One load shape for every target, so their req/s compare. */
export const LOAD = { connections: 10, pipelining: 1, warmupSeconds: 1 };

/**
 * Loads `url` for `durationSeconds` after a warm-up whose numbers are dropped (the JIT and
 * caches settle in it). Sends Accept-Encoding: gzip because browsers do, so compression
 * costs what it costs in production.
 */
export async function load(url, { durationSeconds, headers = {}, requests }) {
  const result = await autocannon({
    url,
    connections: LOAD.connections,
    pipelining: LOAD.pipelining,
    duration: durationSeconds,
    warmup: { duration: LOAD.warmupSeconds },
    headers: { "accept-encoding": "gzip", ...headers },
    // Optional autocannon request list, e.g. a POST whose body changes on every request.
    ...(requests ? { requests } : {}),
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    statusCounts: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]),
    ),
    errors: result.errors,
  };
}
