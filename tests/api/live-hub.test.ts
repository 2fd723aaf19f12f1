import { afterAll, afterEach, beforeAll, describe, expect, it } from "bun:test";
import type { UnreadCounts } from "../../src/common/live";
import { appendEvent } from "../../src/server/events/store";
import { type CountsFor, createLiveHub, HubClosedError, type LiveHub } from "../../src/server/live/hub";
import { MAX_QUEUED_BYTES } from "../../src/server/live/sse";
import { silentLogger } from "../../src/server/log";
import { appendOne, isDomainEvent } from "../support/live";
import { registerMember } from "../support/session";
import { readSse } from "../support/sse";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.app.context.database.db;

const hubs: LiveHub[] = [];
afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.close();
});

function hub(options: {
  countsFor?: CountsFor;
  heartbeatMs?: number;
  maxStreamMs?: number;
  replayLimit?: number;
}) {
  const created = createLiveHub({
    db: db(),
    logger: silentLogger,
    countsFor: options.countsFor ?? (async () => ({ notifications: 0, messages: 0 })),
    ...options,
  });
  hubs.push(created);
  return created;
}

describe("the live hub", () => {
  it("sends a heartbeat comment on an idle stream", async () => {
    const a = await registerMember(t);
    const live = hub({ heartbeatMs: 100 });
    const sse = readSse(await live.open(a.id, null));
    await sse.event("ready");
    expect((await sse.take((m) => m.comment === "ping", 1000)).comment).toBe("ping");
    await sse.take((m) => m.comment === "ping", 1000);
    await sse.close();
  });

  it("ends a stream after its maximum age, so the browser reconnects and its session is checked", async () => {
    const a = await registerMember(t);
    const live = hub({ heartbeatMs: 50, maxStreamMs: 200 });
    const sse = readSse(await live.open(a.id, null));
    await sse.event("ready");
    expect(await sse.closedWithin(1000)).toBe(true);
    expect(live.size).toBe(0);
  });

  it("sends counts on connect and once per tick after events that change them, newest answer last", async () => {
    const a = await registerMember(t);
    const calls: number[] = [];
    let unread = 0;
    // The answer to the connect's request is held back until the newer one has been sent.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const live = hub({
      countsFor: async (userId): Promise<UnreadCounts> => {
        calls.push(userId);
        const n = unread;
        if (n === 0) await released;
        return { notifications: n, messages: n };
      },
    });
    const sse = readSse(await live.open(a.id, null));
    await sse.event("ready");
    unread = 3;
    await db().batch([
      ...appendEvent(db(), { type: "message.sent", recipients: [a.id], at: new Date() }),
      ...appendEvent(db(), {
        type: "notifications.read",
        recipients: [a.id],
        payload: { all: true },
        at: new Date(),
      }),
    ]);
    await appendOne(db(), "follow.created", [a.id]);
    await sse.event("notifications.read", 1000);
    expect(JSON.parse((await sse.event("counts", 1000)).data)).toEqual({ notifications: 3, messages: 3 });
    release();
    await Bun.sleep(400);
    expect(sse.unread().filter((m) => m.event === "counts")).toEqual([]);
    expect(calls).toEqual([a.id, a.id]);
    await sse.close();
  });

  it("sends resync instead of a replay longer than its limit", async () => {
    const a = await registerMember(t);
    const live = hub({ replayLimit: 3 });
    const first = readSse(await live.open(a.id, null));
    const from = Number((await first.event("ready")).id);
    await first.close();
    for (let i = 0; i < 3; i++) await appendOne(db(), "conversation.read", [a.id]);
    const sse = readSse(await live.open(a.id, from));
    const resync = await sse.event("resync");
    expect(Number(resync.id)).toBeGreaterThan(from + 2);
    await sse.event("ready");
    expect(sse.unread().filter(isDomainEvent)).toEqual([]);
    await sse.close();

    const two = readSse(await live.open(a.id, from + 1));
    expect((await two.event("conversation.read")).id).toBe(String(from + 2));
    await two.close();
  });

  it("drops a reader that stopped reading, once a megabyte waits for it", async () => {
    const a = await registerMember(t);
    const live = hub({});
    const response = await live.open(a.id, null);
    const reader = response.body?.getReader();
    for (;;) {
      const { value } = (await reader?.read()) ?? {};
      if (new TextDecoder().decode(value).includes("event: ready")) break;
    }
    const big = "x".repeat(200_000);
    for (let i = 0; i < Math.ceil(MAX_QUEUED_BYTES / big.length) + 2; i++) {
      await appendOne(db(), "conversation.read", [a.id], { big });
    }
    const deadline = Date.now() + 3000;
    while (live.size > 0 && Date.now() < deadline) await Bun.sleep(50);
    expect(live.size).toBe(0);
    await reader?.cancel();
  });

  it("refuses new streams once closed, and ends the open ones", async () => {
    const a = await registerMember(t);
    const live = hub({});
    const sse = readSse(await live.open(a.id, null));
    await sse.event("ready");
    await live.close();
    expect(await sse.closedWithin(500)).toBe(true);
    expect(live.open(a.id, null)).rejects.toThrow(HubClosedError);
  });
});
