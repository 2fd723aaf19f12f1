import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { CheckinResult } from "../../src/common/schemas/checkins";
import { type NotificationView, notificationTexts } from "../../src/common/schemas/notifications";
import { appendEvent, eventsAfter, latestEventId, userEventsAfter } from "../../src/server/events/store";
import { consumeOnce } from "../../src/server/features/notifications/consumer";
import { silentLogger } from "../../src/server/log";
import { addSchool, EVERY_DAY, northOf } from "../support/checkins";
import { postClient } from "../support/posts";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
/** Each step moves the clock on a second, so every change has a time of its own. */
let clock = new Date("2026-07-11T11:00:00-04:00");
const tick = () => {
  clock = new Date(clock.getTime() + 1000);
  return clock;
};
type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => tick() });
});
afterAll(() => t.close());

const db = () => t.app.context.database.db;
const api = () => postClient(t);
const send = (method: string, path: string, m?: Member, body?: unknown) =>
  t.json(method, path, body, m ? { cookie: m.cookie } : {});
const ok = async <T>(res: Promise<Response>): Promise<T> => {
  const r = await res;
  const body = await r.json();
  expect([r.status, body]).toEqual([200, expect.anything()]);
  return body as T;
};
const list = (m: Member, query = "") => ok<NotificationView[]>(send("GET", `/api/notifications${query}`, m));
const count = async (m: Member) =>
  (await ok<{ count: number }>(send("GET", "/api/notifications/unread-count", m))).count;
/** Runs the consumer until it has nothing left, as the job would. */
const settle = async () => {
  while ((await consumeOnce(db(), clock, silentLogger)) > 0) {}
};
const rows = async (sql: string, args: (number | string)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;

describe("guards and bad input", () => {
  it.each([
    ["GET", "/api/notifications"],
    ["GET", "/api/notifications/unread-count"],
    ["POST", "/api/notifications/1/read"],
    ["POST", "/api/notifications/read-all"],
  ])("%s %s is 401 for a guest", async (method, path) => {
    const res = await send(method, path);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Not authenticated");
  });

  it.each(["abc", "0", "-1", "1.5", "1e3", "9999999999999"])("a notification id of %p is 400", async (id) => {
    const m = await registerMember(t);
    const res = await send("POST", `/api/notifications/${id}/read`, m);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(notificationTexts.idInvalid);
  });

  it.each([
    ["?limit=0", notificationTexts.limitInvalid],
    ["?limit=51", notificationTexts.limitInvalid],
    ["?limit=ten", notificationTexts.limitInvalid],
    ["?beforeId=x", notificationTexts.beforeIdInvalid],
    ["?beforeId=-3", notificationTexts.beforeIdInvalid],
  ])("GET /api/notifications%s is 400", async (query, message) => {
    const m = await registerMember(t);
    const res = await send("GET", `/api/notifications${query}`, m);
    expect([res.status, (await res.json()).message]).toEqual([400, message]);
  });

  it("a member with nothing gets an empty list and a count of 0", async () => {
    const m = await registerMember(t);
    expect(await list(m)).toEqual([]);
    expect(await count(m)).toBe(0);
  });
});

describe("producers write their event once, in the change's batch", () => {
  it("follow.created only for a new follow; post.liked only for a new like on another's post", async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    const start = await latestEventId(db());
    await api().follow(b, a.id);
    await api().follow(b, a.id);
    const post = await api().post(a, { content: "Rolled today", visibility: "Public" });
    await api().like(b, post.id);
    await api().like(b, post.id);
    await api().like(a, post.id); // one's own like tells nobody
    const events = await eventsAfter(db(), start, 50);
    expect(events.map((e) => [e.type, e.actorId, e.subjectId, e.payload])).toEqual([
      ["follow.created", b.id, a.id, {}],
      ["post.liked", b.id, post.id, { authorId: a.id }],
    ]);
  });

  it("a check-in that earns a badge writes badge.earned with its code", async () => {
    const m = await registerMember(t);
    const school = await addSchool(t, { state: "TX", sessions: EVERY_DAY("11:00") });
    const start = await latestEventId(db());
    const res = await send("POST", "/api/checkins", m, { schoolId: school.id, ...northOf(school, 5) });
    expect(res.status).toBe(201);
    const codes = ((await res.json()) as CheckinResult).newBadges.map((b) => b.code);
    const events = await eventsAfter(db(), start, 50, ["badge.earned"]);
    expect(events.map((e) => [e.actorId, e.payload.code])).toEqual(codes.map((c) => [m.id, c]));
    expect(codes).toContain("novice");
  });
});

describe("the consumer", () => {
  it("a new follower: one item linking to their profile, told to the member's tabs", async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    const start = await latestEventId(db());
    await api().follow(b, a.id);
    expect(await count(a)).toBe(0); // not before the consumer ran
    await settle();
    const [item] = await list(a);
    expect(item).toMatchObject({
      type: "follow",
      title: "New follower",
      body: `@${b.username} started following you.`,
      link: `/users/${b.id}`,
      isRead: false,
    });
    expect(await count(a)).toBe(1);
    expect(await list(b)).toEqual([]);
    const pushed = await userEventsAfter(db(), a.id, start, 10);
    expect(pushed.map((e) => [e.type, e.subjectId])).toEqual([["notification.created", item?.id ?? null]]);
    // Ids only (the item is its subject): live delivery builds the item for its reader.
    expect(pushed[0]?.payload).toEqual({});
  });

  it("five likes make one item, 'A and 4 others'; a blocked liker is left out; a read item is unread again", async () => {
    const author = await registerMember(t);
    const likers = [];
    for (let i = 0; i < 6; i++) likers.push(await registerMember(t));
    const post = await api().post(author, { content: "Open mat at noon", visibility: "Public" });
    for (const m of likers.slice(0, 5)) await api().like(m, post.id);
    await settle();
    let items = await list(author);
    expect(items).toHaveLength(1);
    const newest = likers[4] as Member;
    expect(items[0]).toMatchObject({
      type: "like",
      title: "New likes",
      body: `@${newest.username} and 4 others liked your post.`,
      link: `/feed?postId=${post.id}`,
    });
    await ok(send("POST", `/api/notifications/${items[0]?.id}/read`, author));
    expect(await count(author)).toBe(0);

    // The newest liker is blocked: the item names the one before, counts four, and comes back unread.
    await api().block(author, newest.id);
    await api().like(likers[5] as Member, post.id);
    await settle();
    items = await list(author);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      body: `@${likers[5]?.username} and 4 others liked your post.`,
      isRead: false,
    });
    expect(await count(author)).toBe(1);
    // A like taken back and given again is still one liker.
    await api().unlike(likers[0] as Member, post.id);
    await api().like(likers[0] as Member, post.id);
    await settle();
    expect((await list(author))[0]?.body).toBe(`@${likers[0]?.username} and 4 others liked your post.`);
  });

  it("an item whose only actor is blocked is hidden from the list and the count", async () => {
    const [a, b] = [await registerMember(t), await registerMember(t)];
    await api().follow(b, a.id);
    await settle();
    expect(await count(a)).toBe(1);
    await api().block(b, a.id); // either way hides it
    expect(await list(a)).toEqual([]);
    expect(await count(a)).toBe(0);
  });

  it("a like on a check-in card says so; a badge earned is an item linking to the profile", async () => {
    const [m, fan] = [await registerMember(t), await registerMember(t)];
    const school = await addSchool(t, { state: "OK", sessions: EVERY_DAY("11:00") });
    const res = await send("POST", "/api/checkins", m, { schoolId: school.id, ...northOf(school, 5) });
    expect(res.status).toBe(201);
    await settle();
    const badge = (await list(m)).find((n) => n.type === "badge");
    expect(badge).toMatchObject({
      title: "Badge earned",
      body: "You earned the Novice badge.",
      link: "/profile",
    });
    const [card] = await rows("SELECT id FROM posts WHERE user_id = ? AND kind = 'checkin'", [m.id]);
    await api().like(fan, Number(card?.[0]));
    await settle();
    expect((await list(m))[0]).toMatchObject({ type: "like", body: `@${fan.username} liked your check-in.` });
  });

  it("submission.decided: approved links to the listing, rejected gives the reason; a bad payload is skipped", async () => {
    const m = await registerMember(t);
    const admin = await registerMember(t);
    const decide = (payload: Record<string, unknown>) =>
      db().batch([
        ...appendEvent(db(), { type: "submission.decided", actorId: admin.id, payload, at: tick() }),
      ]);
    await decide({
      submissionId: 7,
      submitterId: m.id,
      decision: "approved",
      gym: "Gracie Barra",
      schoolId: 3,
    });
    await decide({
      submissionId: 8,
      submitterId: m.id,
      decision: "rejected",
      gym: "Nowhere BJJ",
      reason: "Closed",
    });
    await decide({ submissionId: 9, decision: "approved", gym: "No submitter" });
    await settle();
    expect((await list(m)).map((n) => [n.title, n.body, n.link])).toEqual([
      [
        "Open mat not approved",
        "Your open mat submission for Nowhere BJJ was not approved. Reason: Closed",
        null,
      ],
      [
        "Open mat approved",
        "Your open mat submission for Gracie Barra was approved. Thank you!",
        "/?school=3",
      ],
    ]);
    expect(await list(admin)).toEqual([]);
  });
});

describe("reading", () => {
  let a: Member;
  let ids: number[];
  beforeAll(async () => {
    a = await registerMember(t);
    for (let i = 0; i < 5; i++) await api().follow(await registerMember(t), a.id);
    await settle();
    ids = (await list(a)).map((n) => n.id);
  });

  it("pages newest first by beforeId, without repeats", async () => {
    const first = await list(a, "?limit=2");
    const second = await list(a, `?limit=2&beforeId=${first[1]?.id}`);
    const third = await list(a, `?limit=2&beforeId=${second[1]?.id}`);
    expect([...first, ...second, ...third].map((n) => n.id)).toEqual(ids);
    expect(ids).toHaveLength(5);
    const times = (await list(a)).map((n) => n.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("someone else's id is 404 and changes nothing; marking one read tells the owner's tabs", async () => {
    const other = await registerMember(t);
    const start = await latestEventId(db());
    for (const who of [other]) {
      const res = await send("POST", `/api/notifications/${ids[0]}/read`, who);
      expect([res.status, (await res.json()).message]).toEqual([404, notificationTexts.notFound]);
    }
    const missing = await send("POST", "/api/notifications/999999/read", a);
    expect(missing.status).toBe(404);
    expect(await count(a)).toBe(5);
    expect(await eventsAfter(db(), start, 10)).toEqual([]);

    expect(await ok(send("POST", `/api/notifications/${ids[0]}/read`, a))).toEqual({
      id: ids[0],
      isRead: true,
    });
    await ok(send("POST", `/api/notifications/${ids[0]}/read`, a)); // again: a no-op
    expect(await count(a)).toBe(4);
    expect((await list(a))[0]?.isRead).toBe(true);
    const told = await userEventsAfter(db(), a.id, start, 10);
    expect(told.map((e) => [e.type, e.payload])).toEqual([["notifications.read", { ids: [ids[0]] }]]);
  });

  it("read-all marks every one read and says so once", async () => {
    const start = await latestEventId(db());
    expect(await ok(send("POST", "/api/notifications/read-all", a))).toEqual({ updated: 4 });
    expect(await count(a)).toBe(0);
    expect((await list(a)).every((n) => n.isRead)).toBe(true);
    await ok(send("POST", "/api/notifications/read-all", a));
    const told = await userEventsAfter(db(), a.id, start, 10);
    expect(told.map((e) => [e.type, e.payload])).toEqual([["notifications.read", { all: true }]]);
  });

  it("pruning removes read items after the retention period and keeps unread ones", async () => {
    const b = await registerMember(t);
    await api().follow(await registerMember(t), b.id);
    await settle();
    const { pruneReadNotifications } = await import("../../src/server/features/notifications/service");
    const later = new Date(clock.getTime() + 91 * 24 * 3600_000);
    const before = Number(
      (await rows("SELECT count(*) FROM notifications WHERE user_id = ?", [a.id]))[0]?.[0],
    );
    expect(before).toBe(5);
    await pruneReadNotifications(db(), later, 1000);
    expect(await list(a)).toEqual([]);
    expect(await count(b)).toBe(1);
  });
});
