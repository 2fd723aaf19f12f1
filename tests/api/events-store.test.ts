import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { sql } from "drizzle-orm";
import {
  appendEvent,
  cursorStatement,
  deliveriesAfter,
  eventsAfter,
  latestEventId,
  pruneEvents,
  readCursor,
  userEventsAfter,
} from "../../src/server/events/store";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

describe("domain events store", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.app.context.database.db;

  it("writes an event with its recipients in the caller's batch, and only when its condition holds", async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const start = await latestEventId(db());
    const at = new Date("2026-06-01T12:00:00Z");
    await db().batch([
      ...appendEvent(db(), {
        type: "message.sent",
        actorId: a.id,
        subjectId: 7,
        payload: { n: 1 },
        recipients: [a.id, b.id, b.id],
        at,
      }),
      ...appendEvent(db(), { type: "post.liked", actorId: a.id, recipients: [b.id], at }, sql`1 = 0`),
      ...appendEvent(db(), { type: "badge.earned", actorId: b.id, at }),
    ]);
    const events = await eventsAfter(db(), start, 10);
    expect(events.map((e) => e.type)).toEqual(["message.sent", "badge.earned"]);
    expect(events[0]?.payload).toEqual({ n: 1 });
    const deliveries = await deliveriesAfter(db(), start, 10);
    expect(deliveries.map((d) => [d.type, d.recipients.sort()])).toEqual([
      ["message.sent", [a.id, b.id].sort()],
    ]);
    expect((await userEventsAfter(db(), b.id, start, 10)).map((e) => e.subjectId)).toEqual([7]);
    expect(await userEventsAfter(db(), b.id, events[0]?.id ?? 0, 10)).toEqual([]);
    expect((await eventsAfter(db(), start, 10, ["badge.earned"])).map((e) => e.actorId)).toEqual([b.id]);
  });

  it("a cursor only moves forward, and pruning removes old events with their recipients", async () => {
    const at = new Date("2026-06-01T12:00:00Z");
    await db().batch([cursorStatement(db(), "test", 5, at)]);
    await db().batch([cursorStatement(db(), "test", 3, at)]);
    expect(await readCursor(db(), "test")).toBe(5);
    expect(await readCursor(db(), "nobody")).toBe(0);
    const removed = await pruneEvents(db(), new Date("2026-06-02T00:00:00Z"), 1000);
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = await t.app.context.database.client.execute("select count(*) from event_recipients");
    expect(Number(left.rows[0]?.[0])).toBe(0);
  });
});
