import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { LIVE_STREAM_PATH, type LiveEvent } from "../../src/common/live";
import { EVENT_RETENTION_MS, pruneOldEvents } from "../../src/server/events/retention";
import { appendOne, isDomainEvent, openStream } from "../support/live";
import { messageClient } from "../support/messages";
import { registerMember } from "../support/session";
import type { SseMessage } from "../support/sse";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.app.context.database.db;
const idOf = (m: SseMessage) => Number(m.id);

describe("GET /api/events/stream", () => {
  it("answers a guest 401 in JSON, and a malformed Last-Event-ID 400", async () => {
    const guest = await t.request(LIVE_STREAM_PATH);
    expect(guest.status).toBe(401);
    expect(guest.headers.get("content-type")).toContain("application/json");
    expect((await guest.json()).message).toBeString();

    const a = await registerMember(t);
    const bad: [string, Record<string, string>][] = [
      [LIVE_STREAM_PATH, { "last-event-id": "12abc" }],
      [`${LIVE_STREAM_PATH}?lastEventId=-4`, {}],
    ];
    for (const [path, headers] of bad) {
      const res = await t.request(path, { headers: { cookie: a.cookie, ...headers } });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe("Last-Event-ID must be a whole number");
    }
    expect(t.app.live.size).toBe(0);
  });

  it("is an unbuffered, uncompressed event stream that starts with a retry hint, ready and counts", async () => {
    const a = await registerMember(t);
    const { response, sse } = await openStream(t, a.cookie, { gzip: true });
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("content-encoding")).toBeNull();
    const retry = await sse.take((m) => m.retry !== undefined);
    expect(retry.retry).toBeGreaterThanOrEqual(1000);
    const ready = await sse.event("ready");
    expect(idOf(ready)).toBeGreaterThanOrEqual(0);
    expect(JSON.parse((await sse.event("counts")).data)).toEqual({ notifications: 0, messages: 0 });
    expect(t.app.live.size).toBe(1);
    await sse.close();
    // The client going away ends the stream on the server too.
    await Bun.sleep(20);
    expect(t.app.live.size).toBe(0);
  });

  it("delivers an event written with its change within a second, to its recipients only", async () => {
    const [a, b, c] = [await registerMember(t), await registerMember(t), await registerMember(t)];
    const conversation = await messageClient(t).open(a, b);
    const streams = await Promise.all([a, b, c].map((m) => openStream(t, m.cookie)));
    await Promise.all(streams.map(({ sse }) => sse.event("ready")));
    const [sa, sb, sc] = streams.map((s) => s.sse) as [
      (typeof streams)[0]["sse"],
      (typeof streams)[0]["sse"],
      (typeof streams)[0]["sse"],
    ];
    const sentAt = performance.now();
    const message = await messageClient(t).say(a, conversation.id, "Open mat at 6?");
    const got = await sb.event("message.sent", 1000);
    expect(performance.now() - sentAt).toBeLessThan(1000);
    const id = Number(got.id);
    const data = JSON.parse(got.data) as LiveEvent;
    // The event stores ids; the message is loaded for the reader when it is sent.
    expect(data).toMatchObject({
      id,
      type: "message.sent",
      actorId: a.id,
      subjectId: conversation.id,
      payload: { message },
    });
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
    expect(idOf(await sa.event("message.sent", 1000))).toBe(id);
    // Counts follow an event that can change them.
    await sb.event("counts", 1000);
    // c is not a recipient: a few more ticks pass and nothing came.
    await Bun.sleep(400);
    expect(sc.unread().filter(isDomainEvent)).toEqual([]);
    await Promise.all(streams.map(({ sse }) => sse.close()));
  });

  it("records each recipient of an event with that event (appendEvent in one batch)", async () => {
    const members = [await registerMember(t), await registerMember(t), await registerMember(t)];
    // Rows in event_recipients and events number apart, as they soon do in a real database.
    for (let i = 0; i < 3; i++) await appendOne(db(), "badge.earned", []);
    const id = await appendOne(
      db(),
      "message.sent",
      members.map((m) => m.id),
    );
    const rows = await t.app.context.database.client.execute({
      sql: "select user_id from event_recipients where event_id = ? order by user_id",
      args: [id],
    });
    expect(rows.rows.map((r) => Number(r.user_id))).toEqual(members.map((m) => m.id));
  });

  it("replays a reconnect's missed events from Last-Event-ID, none lost and none twice", async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    const first = await openStream(t, a.cookie);
    await first.sse.event("ready");
    const e1 = await appendOne(db(), "notifications.read", [a.id], { ids: [1] });
    expect(idOf(await first.sse.event("notifications.read"))).toBe(e1);
    await first.sse.close();

    const e2 = await appendOne(db(), "conversation.read", [a.id, b.id], { lastReadId: 1 });
    await appendOne(db(), "conversation.read", [b.id], { lastReadId: 1 });
    const e4 = await appendOne(db(), "notifications.read", [a.id], { all: true });
    await appendOne(db(), "follow.created", []);

    const again = await openStream(t, a.cookie, { lastEventId: String(e1) });
    const ready = await again.sse.event("ready");
    const e5 = await appendOne(db(), "conversation.read", [a.id], { lastReadId: 3 });
    await again.sse.take((m) => m.id === String(e5), 1000);
    await Bun.sleep(350);
    const seen = [...again.sse.unread(), ready].filter(isDomainEvent).map(idOf);
    expect([...seen].sort((x, y) => x - y)).toEqual([e2, e4]);
    expect(idOf(ready)).toBeGreaterThanOrEqual(e4);
    await again.sse.close();

    // The query parameter does the same for a client that opens a new EventSource.
    const byQuery = await openStream(t, a.cookie, { query: `?lastEventId=${e1}` });
    expect(idOf(await byQuery.sse.event("conversation.read"))).toBe(e2);
    expect(idOf(await byQuery.sse.event("notifications.read"))).toBe(e4);
    expect(idOf(await byQuery.sse.event("conversation.read"))).toBe(e5);
    await byQuery.sse.close();
  });

  it("loses and repeats nothing while events are written during reconnects", async () => {
    const a = await registerMember(t);
    const first = await openStream(t, a.cookie);
    let last = (await first.sse.event("ready")).id as string;
    await first.sse.close();
    const written: number[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; i < 40; i++) {
        written.push(await appendOne(db(), "conversation.read", [a.id], { lastReadId: i }));
        await Bun.sleep(4 + (i % 5) * 3);
      }
      writing = false;
    })();
    // Reconnect again and again, each time from the last id received, as EventSource does.
    const received: number[] = [];
    const deadline = Date.now() + 10_000;
    while ((writing || received.length < written.length) && Date.now() < deadline) {
      const { sse } = await openStream(t, a.cookie, { lastEventId: last });
      const until = Date.now() + 30 + Math.random() * 120;
      for (;;) {
        const m = await sse.take((x) => x.id !== undefined, until - Date.now()).catch(() => null);
        if (!m) break;
        if (isDomainEvent(m)) received.push(idOf(m));
        last = m.id as string;
      }
      await sse.close();
    }
    await writer;
    expect(received).toEqual(written);
  }, 15_000);

  it("a reconnect into the same tick as new events still gets each once", async () => {
    const a = await registerMember(t);
    const first = await openStream(t, a.cookie);
    const from = (await first.sse.event("ready")).id as string;
    await first.sse.close();
    const before = await appendOne(db(), "conversation.read", [a.id]);
    // Opened while the next events are written: they reach it through the replay, the tail,
    // or both, and are sent once.
    const opening = openStream(t, a.cookie, { lastEventId: from });
    const during = [
      await appendOne(db(), "conversation.read", [a.id]),
      await appendOne(db(), "conversation.read", [a.id]),
    ];
    const { sse } = await opening;
    const after = await appendOne(db(), "conversation.read", [a.id]);
    await sse.take((m) => m.id === String(after), 1000);
    await Bun.sleep(350);
    const ids = [before, ...during, after];
    const got = sse.unread().filter(isDomainEvent).map(idOf);
    expect([...got, after]).toEqual(ids);
    await sse.close();
  });

  it("sends resync when the client's position is from another database", async () => {
    const a = await registerMember(t);
    // A position from another database (ahead of every stored event).
    const ahead = await openStream(t, a.cookie, { lastEventId: "999999999" });
    const resync = await ahead.sse.event("resync");
    expect(Number(resync.id)).toBeLessThan(999999999);
    await ahead.sse.event("ready");
    await ahead.sse.close();
  });

  it("sends resync when the missed events were pruned", async () => {
    // A database of its own: events older than the retention come first, as in life.
    const fresh = await createTestApp();
    const a = await registerMember(fresh);
    const freshDb = fresh.app.context.database.db;
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    const old = await appendOne(freshDb, "message.sent", [a.id], {}, { at: eightDaysAgo });
    await appendOne(freshDb, "badge.earned", [], {}, { at: eightDaysAgo });
    await appendOne(freshDb, "message.sent", [a.id]);
    expect(await pruneOldEvents(freshDb, new Date(), 1000)).toBe(2);
    const gap = await openStream(fresh, a.cookie, { lastEventId: String(old - 1) });
    expect((await gap.sse.event("resync")).id).toBeDefined();
    await gap.sse.event("ready");
    expect(gap.sse.unread().filter(isDomainEvent)).toEqual([]);
    await gap.sse.close();
    await fresh.close();
  });

  it("keeps events for the retention period", async () => {
    const now = Date.now();
    const kept = await appendOne(
      db(),
      "badge.earned",
      [],
      {},
      { at: new Date(now - EVENT_RETENTION_MS + 60_000) },
    );
    await appendOne(db(), "badge.earned", [], {}, { at: new Date(now - EVENT_RETENTION_MS - 60_000) });
    expect(await pruneOldEvents(db(), new Date(now), 1000)).toBe(1);
    const left = await t.app.context.database.client.execute({
      sql: "select count(*) from domain_events where id = ?",
      args: [kept],
    });
    expect(Number(left.rows[0]?.[0])).toBe(1);
  });

  it("closing the app ends open streams at once", async () => {
    const other = await createTestApp();
    const a = await registerMember(other);
    const { sse } = await openStream(other, a.cookie);
    await sse.event("ready");
    const started = performance.now();
    await other.close();
    expect(await sse.closedWithin(1000)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
