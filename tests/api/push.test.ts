/**
 * Web Push (issue 22 "When the app is closed"): the VAPID key, subscriptions and their
 * refusals, and delivery through the jobs to a push service on this machine that decrypts
 * what it gets with the device's own keys and checks the VAPID signature.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { pushTexts } from "../../src/common/schemas/push";
import { consumeOnce } from "../../src/server/features/notifications/consumer";
import { enqueuePushOnce } from "../../src/server/features/push/enqueue";
import { PUSH_MAX_ATTEMPTS, sendDuePush } from "../../src/server/features/push/sender";
import { loadVapid } from "../../src/server/features/push/vapid";
import { silentLogger } from "../../src/server/log";
import { addSchool } from "../support/checkins";
import { messageClient } from "../support/messages";
import { type Device, startPushService, verifyVapid } from "../support/push-service";
import { secondCopy } from "../support/second-copy";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "push-admin@example.com";
// Friday 20 November 2026, noon in New York.
let clock = new Date("2026-11-20T17:00:00.000Z");
let t: TestApp;
let adminCookie: string;
let pushService: Awaited<ReturnType<typeof startPushService>>;

type Member = Awaited<ReturnType<typeof registerMember>>;
const as = (m: { cookie: string }) => ({ cookie: m.cookie });
const rows = async (sql: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
const subscribe = (m: Member, device: Device, kinds?: string[]) =>
  t.json("POST", "/api/push/subscriptions", { ...device.subscription, kinds }, as(m));

/** What the jobs do, in order: bell items, push messages queued, push messages sent. */
async function deliver() {
  const db = t.app.context.database.db;
  while ((await consumeOnce(db, clock, silentLogger)) > 0) {}
  while ((await enqueuePushOnce(db, clock)).events > 0) {}
  const vapid = await loadVapid(db, t.env, clock);
  return sendDuePush({ db, vapid, logger: silentLogger, now: () => clock });
}

beforeAll(async () => {
  pushService = await startPushService();
  t = await createTestApp(
    { ADMIN_EMAILS: ADMIN_EMAIL, PUSH_ALLOW_HTTP_LOOPBACK: "true" },
    { now: () => clock },
  );
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "pushadmin",
    email: ADMIN_EMAIL,
    password: "push admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
});
afterAll(async () => {
  await t.close();
  pushService.stop();
});

describe("the VAPID key", () => {
  it("is made at first start, kept in the database, and the same for another copy and after a restart", async () => {
    const key = ((await (await t.request("/api/push/key")).json()) as { publicKey: string }).publicKey;
    expect(key).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const stored = await rows("SELECT value FROM app_meta WHERE key = 'push.vapid'");
    expect(JSON.parse(String(stored[0]?.value)).publicKey).toBe(key);
    const copy = await secondCopy(t);
    expect(((await (await copy.request("/api/push/key")).json()) as { publicKey: string }).publicKey).toBe(
      key,
    );
    await copy.close();
    const restarted = await secondCopy(t);
    expect(
      ((await (await restarted.request("/api/push/key")).json()) as { publicKey: string }).publicKey,
    ).toBe(key);
    await restarted.close();
  });

  it("comes from the env when given", async () => {
    const pair = (await import("web-push")).default.generateVAPIDKeys();
    const other = await createTestApp({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
    });
    expect(((await (await other.request("/api/push/key")).json()) as { publicKey: string }).publicKey).toBe(
      pair.publicKey,
    );
    await other.close();
  });
});

describe("subscriptions", () => {
  it("refuse a guest, a non-https or private endpoint and malformed keys, storing nothing", async () => {
    const m = await registerMember(t, "pushbad");
    const device = await pushService.device();
    const good = device.subscription;
    expect((await t.json("POST", "/api/push/subscriptions", good)).status).toBe(401);
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: "http://push.example.com/x" }, pushTexts.endpoint],
      [{ ...good, endpoint: "ftp://push.example.com/x" }, pushTexts.endpoint],
      [{ ...good, endpoint: "not a url" }, pushTexts.endpoint],
      [{ ...good, endpoint: "https://10.1.2.3/push" }, pushTexts.endpointHost],
      [{ ...good, endpoint: "https://localhost/push" }, pushTexts.endpointHost],
      [{ ...good, endpoint: "https://[::1]/push" }, pushTexts.endpointHost],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 60) } }, pushTexts.p256dh],
      // 65 bytes that start as an uncompressed point does, but are not a point on P-256.
      [
        {
          ...good,
          keys: { ...good.keys, p256dh: Buffer.from([4, ...new Array(64).fill(1)]).toString("base64url") },
        },
        pushTexts.p256dh,
      ],
      [{ ...good, keys: { ...good.keys, auth: "c2hvcnQ" } }, pushTexts.auth],
      [{ ...good, keys: { ...good.keys, auth: "!!!!!!!!!!!!!!!!!!!!!!" } }, pushTexts.auth],
      [{ ...good, kinds: ["everything"] }, pushTexts.kinds],
      [{ ...good, kinds: [] }, pushTexts.kinds],
    ];
    for (const [body, message] of cases) {
      const res = await t.json("POST", "/api/push/subscriptions", body, as(m));
      expect({ status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({
        status: 400,
        message,
      });
    }
    expect(await rows("SELECT id FROM push_subscriptions WHERE user_id = ?", [m.id])).toHaveLength(0);
  });

  it("are kept per device: renewed by endpoint, taken over by the member now on it, changed and ended by them alone", async () => {
    const [a, b] = [await registerMember(t, "pushowna"), await registerMember(t, "pushownb")];
    const device = await pushService.device();
    const first = await subscribe(a, device, ["messages"]);
    expect(first.status).toBe(201);
    expect(((await first.json()) as { subscription: unknown }).subscription).toEqual({
      endpoint: device.subscription.endpoint,
      kinds: ["messages"],
    });
    // Renewed without kinds by the same member: the choice stays.
    await subscribe(a, device);
    const query = `/api/push/subscriptions?endpoint=${encodeURIComponent(device.subscription.endpoint)}`;
    expect(await (await t.request(query, { headers: as(a) })).json()).toMatchObject({ kinds: ["messages"] });
    // b signs in on the same browser: the device is b's now, with every kind.
    expect((await subscribe(b, device)).status).toBe(201);
    expect((await t.request(query, { headers: as(a) })).status).toBe(404);
    expect(await (await t.request(query, { headers: as(b) })).json()).toMatchObject({
      kinds: ["messages", "cancellations", "other"],
    });
    const patch = { endpoint: device.subscription.endpoint, kinds: ["other", "cancellations"] };
    expect((await t.json("PATCH", "/api/push/subscriptions", patch, as(a))).status).toBe(404);
    const changed = await t.json("PATCH", "/api/push/subscriptions", patch, as(b));
    expect(await changed.json()).toEqual({
      message: pushTexts.kindsSaved,
      subscription: { endpoint: device.subscription.endpoint, kinds: ["cancellations", "other"] },
    });
    const end = { endpoint: device.subscription.endpoint };
    expect((await t.json("DELETE", "/api/push/subscriptions", end, as(a))).status).toBe(404);
    expect((await t.json("DELETE", "/api/push/subscriptions", end, as(b))).status).toBe(200);
    expect(await rows("SELECT id FROM push_subscriptions WHERE endpoint = ?", [end.endpoint])).toHaveLength(
      0,
    );
    expect((await t.json("DELETE", "/api/push/subscriptions", end, as(b))).status).toBe(404);
  });
});

describe("delivery", () => {
  it("a cancellation reaches, decrypted and signed, a member who chose cancellations and not one who chose only messages; a message the other way round", async () => {
    const gym = await addSchool(t, { gym: "Push Cancel Academy", sessions: [[0, "10:00"]] });
    const [a, b] = [await registerMember(t, "pushcancel"), await registerMember(t, "pushmsgonly")];
    const [deviceA, deviceB] = [await pushService.device(), await pushService.device()];
    expect((await subscribe(a, deviceA, ["cancellations"])).status).toBe(201);
    expect((await subscribe(b, deviceB, ["messages"])).status).toBe(201);
    for (const m of [a, b])
      expect((await t.json("POST", "/api/favorites", { schoolId: gym.id }, as(m))).status).toBeLessThan(300);
    const cancel = await t.json(
      "POST",
      `/api/schools/${gym.id}/exceptions`,
      { date: "2026-11-22", startMinute: 600, reason: "Roof leak" },
      { cookie: adminCookie },
    );
    expect(cancel.status).toBe(201);
    expect(await deliver()).toBe(1);
    const [got] = pushService.for(deviceA);
    if (!got) throw new Error("nothing arrived for a");
    expect(pushService.for(deviceB)).toHaveLength(0);
    expect(got.headers.get("content-encoding")).toBe("aes128gcm");
    expect(Number(got.headers.get("ttl"))).toBeGreaterThan(0);
    const key = ((await (await t.request("/api/push/key")).json()) as { publicKey: string }).publicKey;
    const vapid = await verifyVapid(got.headers, deviceA.subscription.endpoint);
    expect(vapid.publicKey).toBe(key);
    expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);
    const payload = (await deviceA.decrypt(got.body)) as Record<string, unknown>;
    expect(payload).toMatchObject({
      title: "Open mat cancelled",
      body: "Open mat at Push Cancel Academy on Sunday, November 22 at 10:00 AM is cancelled: Roof leak",
      kind: "cancellations",
    });
    expect(String(payload.link)).toMatch(/^\/schools\/checkin-test-\d+$/);
    expect(Object.keys(payload).sort()).toEqual(["body", "kind", "link", "tag", "title"]);
    const [sub] = await rows("SELECT last_success_at FROM push_subscriptions WHERE endpoint = ?", [
      deviceA.subscription.endpoint,
    ]);
    expect(Number(sub?.last_success_at)).toBe(clock.getTime());
    expect(await rows("SELECT id FROM push_outbox")).toHaveLength(0);

    // A message from a to b reaches b's device (messages), and never a's own.
    const chat = messageClient(t);
    const conversation = await chat.open(a, b);
    await chat.say(a, conversation.id, "See you on the mats");
    expect(await deliver()).toBe(1);
    const [message] = pushService.for(deviceB);
    if (!message) throw new Error("no message push for b");
    expect(await deviceB.decrypt(message.body)).toEqual({
      title: `Message from @${a.username}`,
      body: "See you on the mats",
      link: `/messages/${conversation.id}`,
      kind: "messages",
      tag: `conversation-${conversation.id}`,
    });
    expect(pushService.for(deviceA)).toHaveLength(1);
  });

  it("drops a subscription its push service answers 410 (or 404), with what waited for it", async () => {
    const [a, b] = [await registerMember(t, "pushgone"), await registerMember(t, "pushgonefrom")];
    const device = await pushService.device();
    expect((await subscribe(a, device)).status).toBe(201);
    pushService.answer(device, 410, 410, 410);
    const chat = messageClient(t);
    const conversation = await chat.open(b, a);
    for (const text of ["one", "two", "three"]) await chat.say(b, conversation.id, text);
    const db = t.app.context.database.db;
    while ((await enqueuePushOnce(db, clock)).events > 0) {}
    expect(await rows("SELECT id FROM push_outbox")).toHaveLength(3);
    expect(await deliver()).toBe(0);
    // Some were on their way at once; none is tried again.
    expect(pushService.for(device).length).toBeGreaterThan(0);
    expect(await rows("SELECT id FROM push_subscriptions WHERE user_id = ?", [a.id])).toHaveLength(0);
    expect(await rows("SELECT id FROM push_outbox")).toHaveLength(0);
    const gone = pushService.for(device).length;
    await chat.say(b, conversation.id, "four");
    expect(await deliver()).toBe(0);
    expect(pushService.for(device)).toHaveLength(gone);

    // 404 is the same answer.
    const other = await pushService.device();
    expect((await subscribe(a, other)).status).toBe(201);
    pushService.answer(other, 404);
    await chat.say(b, conversation.id, "five");
    expect(await deliver()).toBe(0);
    expect(await rows("SELECT id FROM push_subscriptions WHERE user_id = ?", [a.id])).toHaveLength(0);
  });

  it("tries again with growing waits on 500 and 429, then delivers; gives up after the last attempt", async () => {
    const [a, b] = [await registerMember(t, "pushretry"), await registerMember(t, "pushretryfrom")];
    const device = await pushService.device();
    expect((await subscribe(a, device, ["messages"])).status).toBe(201);
    pushService.answer(device, 500, 429);
    const chat = messageClient(t);
    const conversation = await chat.open(b, a);
    await chat.say(b, conversation.id, "retry me");
    expect(await deliver()).toBe(0);
    const [first] = await rows("SELECT attempts, next_attempt_at FROM push_outbox");
    expect(Number(first?.attempts)).toBe(1);
    const wait1 = Number(first?.next_attempt_at) - clock.getTime();
    expect(wait1).toBeGreaterThan(0);
    // Not due yet: nothing is sent.
    expect(await deliver()).toBe(0);
    expect(pushService.for(device)).toHaveLength(1);
    clock = new Date(clock.getTime() + wait1);
    expect(await deliver()).toBe(0);
    const [second] = await rows("SELECT attempts, next_attempt_at FROM push_outbox");
    expect(Number(second?.attempts)).toBe(2);
    expect(Number(second?.next_attempt_at) - clock.getTime()).toBeGreaterThan(wait1);
    clock = new Date(Number(second?.next_attempt_at));
    expect(await deliver()).toBe(1);
    const all = pushService.for(device);
    expect(all).toHaveLength(3);
    // The same message each time, encrypted afresh.
    expect(await device.decrypt((all[2] as { body: Uint8Array<ArrayBuffer> }).body)).toMatchObject({
      body: "retry me",
    });
    expect(await rows("SELECT id FROM push_outbox")).toHaveLength(0);

    pushService.answer(device, ...new Array(PUSH_MAX_ATTEMPTS).fill(503));
    await chat.say(b, conversation.id, "never");
    for (let i = 0; i < PUSH_MAX_ATTEMPTS; i++) {
      await deliver();
      const [row] = await rows("SELECT next_attempt_at FROM push_outbox");
      if (!row) break;
      clock = new Date(Math.max(clock.getTime(), Number(row.next_attempt_at)));
    }
    expect(pushService.for(device)).toHaveLength(3 + PUSH_MAX_ATTEMPTS);
    expect(await rows("SELECT id FROM push_outbox")).toHaveLength(0);
    // The subscription itself stays: only that message was given up.
    expect(await rows("SELECT id FROM push_subscriptions WHERE user_id = ?", [a.id])).toHaveLength(1);
  });
});
