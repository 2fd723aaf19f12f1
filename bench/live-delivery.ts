// Live delivery with many open streams, against a running server:
// bun bench/live-delivery.ts FILE BASE_URL SERVER_PID STREAMS EVENTS
// Adds STREAMS members with sessions to the server's database FILE, opens one event stream
// for each (GET /api/events/stream), and reads the server's RSS before and after (after a
// warm-up of WARM_STREAMS streams, closed again, so the first request's one-off costs are
// not counted per stream). Then it
// writes EVENTS message.sent events, one at a time at random moments, each to two of those
// members (sender and recipient, as a message has), and times each from its append to the
// recipient's stream event. The message itself is stored first (untimed): events carry its
// id and the server loads it for each reader when it delivers the event. The append goes straight into the database from this process,
// as another copy of the binary would write it, so the path measured is the one every copy
// relies on: commit, the server's tail, its push. Prints JSON.
import { readFileSync } from "node:fs";
import { openDatabase } from "../src/db/client";
import { appendEvent } from "../src/server/events/store";
import { createSession } from "../src/server/features/auth/sessions";
import { multiRowInserts } from "./lib/multi-row-inserts";

const [file, baseUrl, pid, streamCount, eventCount] = process.argv.slice(2);
if (!file || !baseUrl || !pid || !streamCount || !eventCount) {
  throw new Error("usage: bun bench/live-delivery.ts FILE BASE_URL SERVER_PID STREAMS EVENTS");
}
const STREAMS = Number(streamCount);
const EVENTS = Number(eventCount);
const OPEN_AT_ONCE = 100;
const WARM_STREAMS = 100;
// Between appends: spread over more than a tail tick, so events land at every phase of it.
const GAP_MS = { min: 20, spread: 200 };

const database = await openDatabase(`file:${file}`);
const { db, client } = database;
const tag = `live${Date.now().toString(36)}`;
const rows = Array.from(
  { length: WARM_STREAMS + STREAMS },
  (_, i) => `('${tag}_${i}', '${tag}_${i}@example.invalid', 'x', ${Date.now()})`,
);
await client.batch(
  multiRowInserts("INSERT INTO users (username, email, password_hash, created_at)", rows),
  "write",
);
const ids = (
  await client.execute({ sql: "SELECT id FROM users WHERE username LIKE ? ORDER BY id", args: [`${tag}_%`] })
).rows.map((r) => Number(r.id));
const cookies: string[] = [];
for (const id of ids) cookies.push(`om_session=${(await createSession(db, id, new Date())).token}`);

const rssMb = () =>
  Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

/** When each stream got each event (`eventId:stream`), and who is waiting for one. */
const arrivals = new Map<string, number>();
const waiters = new Map<string, (at: number) => void>();
const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];

function arrived(key: string, at: number) {
  const waiter = waiters.get(key);
  if (waiter) {
    waiters.delete(key);
    waiter(at);
  } else arrivals.set(key, at);
}

function arrival(key: string): Promise<number> {
  const at = arrivals.get(key);
  arrivals.delete(key);
  return at === undefined ? new Promise((resolve) => waiters.set(key, resolve)) : Promise.resolve(at);
}

async function openStream(cookie: string, stream: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/events/stream`, {
    headers: { cookie, "accept-encoding": "gzip" },
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.getReader();
  readers.push(reader);
  const decoder = new TextDecoder();
  let buffer = "";
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      const at = performance.now();
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes("event: ready")) ready();
        const id = /^id: (\d+)$/m.exec(block)?.[1];
        if (id && block.includes("event: message.sent")) arrived(`${id}:${stream}`, at);
        end = buffer.indexOf("\n\n");
      }
    }
  })();
  await isReady;
}

async function openStreams(from: number, to: number) {
  for (let i = from; i < to; i += OPEN_AT_ONCE) {
    const batch = cookies.slice(i, Math.min(to, i + OPEN_AT_ONCE));
    await Promise.all(batch.map((cookie, k) => openStream(cookie, i + k)));
  }
}

await openStreams(0, WARM_STREAMS);
await Bun.sleep(1000);
const rssBeforeMb = rssMb();
await openStreams(WARM_STREAMS, WARM_STREAMS + STREAMS);
await Bun.sleep(1000);
const rssAfterMb = rssMb();
for (const reader of readers.splice(0, WARM_STREAMS)) await reader.cancel().catch(() => {});
// Messages go between the STREAMS members only.
ids.splice(0, WARM_STREAMS);
cookies.splice(0, WARM_STREAMS);

/** The pair's conversation (made once) and a new message in it from `sender`. */
async function storeMessage(sender: number, recipient: number) {
  const [a, b] = [Math.min(sender, recipient), Math.max(sender, recipient)];
  const now = Date.now();
  const [, conversation] = await client.batch(
    [
      {
        sql: "INSERT INTO conversations (user_a_id, user_b_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        args: [a, b, now],
      },
      { sql: "SELECT id FROM conversations WHERE user_a_id = ? AND user_b_id = ?", args: [a, b] },
    ],
    "write",
  );
  const conversationId = Number(conversation?.rows[0]?.id);
  const message = await client.execute({
    sql: "INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES (?, ?, 'Open mat at 6?', ?) RETURNING id",
    args: [conversationId, sender, now],
  });
  return { conversationId, messageId: Number(message.rows[0]?.id) };
}

// The first messages warm the server up (JIT, statement caches) and are not counted.
const WARM_UP_EVENTS = 20;
const latencies: number[] = [];
for (let n = -WARM_UP_EVENTS; n < EVENTS; n++) {
  await Bun.sleep(GAP_MS.min + Math.random() * GAP_MS.spread);
  const to = Math.floor(Math.random() * ids.length);
  const from = (to + 1 + Math.floor(Math.random() * (ids.length - 1))) % ids.length;
  const [sender, recipient] = [ids[from] as number, ids[to] as number];
  const { conversationId, messageId } = await storeMessage(sender, recipient);
  const started = performance.now();
  const [insert] = await db.batch([
    ...appendEvent(db, {
      type: "message.sent",
      actorId: sender,
      subjectId: conversationId,
      payload: { messageId },
      recipients: [sender, recipient],
      at: new Date(),
    }),
  ]);
  const eventId = Number((insert as { lastInsertRowid: bigint }).lastInsertRowid);
  const arrived = arrival(`${eventId}:${WARM_STREAMS + to}`);
  const timeout = Bun.sleep(5000).then(() => Number.NaN);
  const at = await Promise.race([arrived, timeout]);
  if (Number.isNaN(at)) throw new Error(`event ${n} did not arrive within 5 s`);
  if (n >= 0) latencies.push(at - started);
}

for (const reader of readers) await reader.cancel().catch(() => {});
await database.close();

latencies.sort((a, b) => a - b);
const percentile = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
console.log(
  JSON.stringify({
    streams: STREAMS,
    events: EVENTS,
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    maxMs: latencies.at(-1),
    rssBeforeMb,
    rssAfterMb,
    rssPer1000StreamsMb: ((rssAfterMb - rssBeforeMb) * 1000) / STREAMS,
  }),
);
