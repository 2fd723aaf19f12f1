import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startOpenmat } from "./openmat.mjs";
import { sqldBinary, startCountingProxy, startSqld } from "./sqld.mjs";

/**
 * Where the loaded server keeps its data (`BENCH_DB`): `file` (default, a local SQLite
 * file), `sqld` (one sqld over HTTP, as N copies share it), or `replica` (an embedded
 * replica file per copy, synced from that sqld, writes sent to it).
 */
export function databaseMode() {
  const mode = process.env.BENCH_DB || "file";
  if (!["file", "sqld", "replica"].includes(mode)) {
    throw new Error(`BENCH_DB must be file, sqld or replica, got "${mode}"`);
  }
  return mode;
}

// The replica's sync period in the bench, in seconds: the staleness bound it measures under.
export const REPLICA_SYNC_SECONDS = 1;
// Round trips are counted over at most this many requests, or this long, whichever is first.
const COUNT_REQUESTS = 50;
const COUNT_MS = 3000;
const IDLE_MS = 1000;

let copies = 0;

/**
 * Starts OpenMat on `database` as `mode` says. Against sqld it starts two copies: one is
 * loaded, the other talks to sqld through a counting proxy and is sent requests one at a
 * time to count round trips (the proxy would otherwise slow the loaded copy down).
 */
export async function startTarget({ repo, binary, dir, database, env, mode }) {
  if (mode === "file") {
    const server = await startOpenmat(binary, dir, database, env);
    return { baseUrl: server.baseUrl, stop: server.stop };
  }
  const sqld = await startSqld(sqldBinary(repo), dir, database);
  const proxy = await startCountingProxy(sqld.baseUrl);
  const via = (url) =>
    mode === "sqld"
      ? { DATABASE_URL: url }
      : {
          DATABASE_URL: `file:${join(dir, `replica-${++copies}.db`)}`,
          DATABASE_SYNC_URL: url,
          DATABASE_SYNC_INTERVAL: String(REPLICA_SYNC_SECONDS),
        };
  const loaded = await startOpenmat(binary, dir, database, { ...env, ...via(sqld.baseUrl) });
  // Same public URL, so a setup's cookies and Origin header work on both copies.
  const counted = await startOpenmat(binary, dir, database, {
    ...env,
    ...via(proxy.url),
    PUBLIC_URL: loaded.baseUrl,
  });
  return {
    baseUrl: loaded.baseUrl,
    countRoundTrips: (path, headers, requests) =>
      countRoundTrips(
        { baseUrl: counted.baseUrl, proxy, replica: mode === "replica" },
        path,
        headers,
        requests,
      ),
    async stop() {
      await counted.stop();
      await loaded.stop();
      proxy.close();
      await sqld.stop();
    },
  };
}

/**
 * Database round trips per request: requests go one at a time through the counting copy;
 * the proxy's count over them, less what the copy sends on its own when idle (timers,
 * replica syncs) over the same time, divided by the requests sent.
 */
async function countRoundTrips({ baseUrl, proxy, replica }, path, headers, requests) {
  let non2xx = 0;
  let n = 0;
  const send = async () => {
    // The row's requests in turn, as autocannon sends them (each may carry its own cookie).
    const template = requests?.[n++ % requests.length];
    let req = {
      method: template?.method ?? "GET",
      path: template?.path ?? path,
      headers: { "accept-encoding": "gzip", ...headers, ...template?.headers },
    };
    if (template?.setupRequest) req = template.setupRequest(req);
    const res = await fetch(baseUrl + (req.path ?? path), {
      method: req.method,
      headers: req.headers,
      body: req.body,
    });
    await res.arrayBuffer();
    if (res.status >= 300) non2xx++;
  };
  // A replica sees what the setup just wrote (a new session) after its next sync.
  if (replica) await sleep(REPLICA_SYNC_SECONDS * 1000 + 300);
  for (let i = 0; i < 3; i++) await send();
  non2xx = 0;
  const idleFrom = proxy.count();
  await sleep(IDLE_MS);
  const idlePerMs = (proxy.count() - idleFrom) / IDLE_MS;
  const from = proxy.count();
  const startedAt = performance.now();
  let sent = 0;
  while (sent < 5 || (sent < COUNT_REQUESTS && performance.now() - startedAt < COUNT_MS)) {
    await send();
    sent++;
  }
  const trips = proxy.count() - from - idlePerMs * (performance.now() - startedAt);
  return { roundTrips: Math.round((100 * Math.max(0, trips)) / sent) / 100, countedNon2xx: non2xx };
}
