import autocannon from "autocannon";
import { LOAD } from "./load.mjs";
import { progress } from "./progress.mjs";

/**
 * Sends `checkpoints` worth of requests to `url` (cumulative counts, e.g. [10_000, 100_000])
 * as fast as the server answers, with the same connections as the throughput rows, and
 * reads the server's RSS after each checkpoint. Returns
 * `{ startMb, points: [{ requests, rssMb, reqPerSec }], non2xx, errors }`.
 */
export async function soak(url, server, checkpoints, { headers = {} } = {}) {
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
