import { afterAll, afterEach, beforeAll, describe, expect, it } from "bun:test";
import { LIVE_STREAM_PATH } from "../../src/common/live";
import { EnvError, loadEnv } from "../../src/server/env";
import { createLiveHub, type LiveHub, StreamLimitError } from "../../src/server/live/hub";
import { silentLogger } from "../../src/server/log";
import { expectTooMany } from "../support/rate-limit";
import { secondCopy } from "../support/second-copy";
import { registerMember } from "../support/session";
import { readSse } from "../support/sse";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 19: a member holds at most LIVE_STREAM_LIMIT live streams at once, counted in the
 * database so that copies on one database count the same streams; one more is the spec's
 * 429. Two copies of the app share one database file here.
 */
const LIMIT = 4;
let a: TestApp;
let b: Awaited<ReturnType<typeof secondCopy>>;
beforeAll(async () => {
  a = await createTestApp({ LIVE_STREAM_LIMIT: String(LIMIT) });
  b = await secondCopy(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});
const client = () => a.app.context.database.client;

type Copy = Pick<TestApp, "request">;
const openOn = (copy: Copy, cookie: string) =>
  copy.request(LIVE_STREAM_PATH, { headers: { cookie, accept: "text/event-stream" } });

/** Ends a 200's stream as a closed tab does. */
const hangUp = (res: Response) => res.body?.cancel();

/** Opens streams until one is allowed (a slot given back is a write that may still be on its way). */
async function openWhenFree(copy: Copy, cookie: string): Promise<Response> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const res = await openOn(copy, cookie);
    if (res.status === 200 || Date.now() > deadline) return res;
    await res.body?.cancel();
    await Bun.sleep(25);
  }
}

describe("GET /api/events/stream, a member's streams across copies", () => {
  it("limit + 3 sent at once over two copies: exactly `limit` open, the rest get the 429 body", async () => {
    const m = await registerMember(a);
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 3 }, (_, i) => openOn(i % 2 ? b : a, m.cookie)),
    );
    const open = answers.filter((r) => r.status === 200);
    const refused = answers.filter((r) => r.status !== 200);
    expect(open).toHaveLength(LIMIT);
    expect(refused).toHaveLength(3);
    for (const res of refused) await expectTooMany(res, LIMIT);
    expect(a.app.live.size + b.app.live.size).toBe(LIMIT);

    // Another member is not counted with them.
    const other = await registerMember(a);
    const theirs = await openOn(b, other.cookie);
    expect(theirs.status).toBe(200);
    await hangUp(theirs);

    // Closing one frees one slot, on whichever copy; the next is refused again.
    await hangUp(open[0] as Response);
    const again = await openWhenFree(b, m.cookie);
    expect(again.status).toBe(200);
    await expectTooMany(await openOn(a, m.cookie), LIMIT);

    for (const res of [...open.slice(1), again]) await hangUp(res);
    const reopened = await Promise.all(Array.from({ length: LIMIT }, () => openWhenFree(a, m.cookie)));
    expect(reopened.map((r) => r.status)).toEqual(Array(LIMIT).fill(200));
    for (const res of reopened) await hangUp(res);
  });

  it("a lapsed lease (a copy that died) is not counted; a live one is", async () => {
    const m = await registerMember(a);
    const now = Date.now();
    const insert = (id: string, leasedUntil: number) =>
      client().execute({
        sql: "INSERT INTO live_streams (id, user_id, leased_until, created_at) VALUES (?, ?, ?, ?)",
        args: [id, m.id, leasedUntil, now],
      });
    for (let i = 0; i < LIMIT; i++) await insert(`dead-${m.id}-${i}`, now - 1);
    const first = await openOn(a, m.cookie);
    expect(first.status).toBe(200);
    for (let i = 1; i < LIMIT; i++) await insert(`held-${m.id}-${i}`, now + 60_000);
    await expectTooMany(await openOn(b, m.cookie), LIMIT);
    // The lapsed rows were cleared by the claim that found them.
    const dead = await client().execute({
      sql: "SELECT count(*) AS n FROM live_streams WHERE user_id = ? AND id LIKE 'dead-%'",
      args: [m.id],
    });
    expect(Number(dead.rows[0]?.n)).toBe(0);
    await hangUp(first);
  });

  it("LIVE_STREAM_LIMIT must be a whole number of at least 1", () => {
    expect(loadEnv({ LIVE_STREAM_LIMIT: "12" }).LIVE_STREAM_LIMIT).toBe(12);
    expect(loadEnv({}).LIVE_STREAM_LIMIT).toBe(10);
    for (const bad of ["0", "2.5", "many"])
      expect(() => loadEnv({ LIVE_STREAM_LIMIT: bad })).toThrow(EnvError);
  });
});

describe("the hub's stream slots", () => {
  const hubs: LiveHub[] = [];
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.close();
  });
  const hub = (options: { heartbeatMs?: number; streamLimit?: number } = {}) => {
    const created = createLiveHub({
      db: a.app.context.database.db,
      logger: silentLogger,
      countsFor: async () => ({ notifications: 0, messages: 0 }),
      ...options,
    });
    hubs.push(created);
    return created;
  };
  const slotsOf = async (userId: number) =>
    (
      await client().execute({
        sql: "SELECT leased_until AS until FROM live_streams WHERE user_id = ?",
        args: [userId],
      })
    ).rows.map((r) => Number(r.until));

  it("renews a held stream's lease on its heartbeat, past the first lease", async () => {
    const m = await registerMember(a);
    const live = hub({ heartbeatMs: 50 }); // a lease of 150 ms
    const sse = readSse(await live.open(m.id, null));
    await sse.event("ready");
    await Bun.sleep(400);
    const [until] = await slotsOf(m.id);
    expect(until).toBeGreaterThan(Date.now());
    await sse.close();
  });

  it("gives every slot back when the hub closes, and refuses with StreamLimitError beyond its limit", async () => {
    const m = await registerMember(a);
    const live = hub({ streamLimit: 2 });
    const streams = [readSse(await live.open(m.id, null)), readSse(await live.open(m.id, null))];
    await Promise.all(streams.map((s) => s.event("ready")));
    const refused = await live.open(m.id, null).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StreamLimitError);
    expect((refused as StreamLimitError).state).toMatchObject({ allowed: false, limit: 2, remaining: 0 });
    expect(await slotsOf(m.id)).toHaveLength(2);
    await live.close();
    expect(await slotsOf(m.id)).toEqual([]);
  });
});
