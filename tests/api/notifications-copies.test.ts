import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { NotificationView } from "../../src/common/schemas/notifications";
import { type App, createApp } from "../../src/server/app";
import { latestEventId, readCursor } from "../../src/server/events/store";
import { consumeOnce } from "../../src/server/features/notifications/consumer";
import { silentLogger } from "../../src/server/log";
import { registerMember } from "../support/session";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

/**
 * Two copies of the app on one database file, as two binaries behind a load balancer:
 * both run the notifications consumer, and each event still becomes one item, once.
 */
let t: TestApp;
let copyB: App;
type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  t = await createTestApp();
  copyB = await createApp({ env: t.env, logger: silentLogger });
});
afterAll(async () => {
  await copyB.close();
  await t.close();
});

const copies = () => [t.app, copyB] as const;
const on = (app: App, method: string, path: string, m: Member, body?: unknown) =>
  app.handle(
    new Request(`${TEST_ORIGIN}${path}`, {
      method,
      headers: {
        cookie: m.cookie,
        "sec-fetch-site": "same-origin",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
const rows = async (sql: string, args: number[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
const createdEvents = async (userId: number) =>
  Number(
    (
      await rows(
        `SELECT count(*) FROM domain_events e JOIN event_recipients r ON r.event_id = e.id
         WHERE e.type = 'notification.created' AND r.user_id = ?`,
        [userId],
      )
    )[0]?.[0],
  );

/** Follows of `target` by `followers` and likes of one of its posts, sent to both copies in turn. */
async function activity(target: Member, followers: Member[]) {
  const res = await on(copyB, "POST", "/api/posts", target, { content: "Rolling", visibility: "Public" });
  const post = (await res.json()) as { id: number };
  for (const [i, m] of followers.entries()) {
    const app = copies()[i % 2] as App;
    expect((await on(app, "POST", "/api/users/follow", m, { followingId: target.id })).status).toBe(200);
    expect((await on(app, "POST", `/api/posts/${post.id}/like`, m)).status).toBe(200);
  }
}

describe("the notifications consumer on two copies", () => {
  it("racing consumers: one run writes each item, the other changes nothing", async () => {
    const target = await registerMember(t);
    const followers: Member[] = [];
    for (let i = 0; i < 5; i++) followers.push(await registerMember(t));
    await activity(target, followers);
    const now = new Date();
    const produced = await latestEventId(t.app.context.database.db);
    const handled = await Promise.all(
      copies().map((app) => consumeOnce(app.context.database.db, now, silentLogger)),
    );
    // Both read the same ten events; only one batch could commit its work.
    expect(handled).toEqual([10, 10]);
    const items = await rows("SELECT type, count(*) FROM notifications WHERE user_id = ? GROUP BY type", [
      target.id,
    ]);
    expect(items.map((r) => [r[0], Number(r[1])])).toEqual([
      ["follow", 5],
      ["like", 1],
    ]);
    expect(await createdEvents(target.id)).toBe(6);
    // The cursor is past the producers' events (not its own notification.created ones).
    expect(await readCursor(t.app.context.database.db, "notifications")).toBe(produced);
    const res = await on(copyB, "GET", "/api/notifications", target);
    const list = (await res.json()) as NotificationView[];
    expect(list.find((n) => n.type === "like")?.body).toBe(
      `@${followers[4]?.username} and 4 others liked your post.`,
    );
  });

  it("both job runners at once: the lease lets one run, and nothing is handled twice", async () => {
    const target = await registerMember(t);
    const followers: Member[] = [];
    for (let i = 0; i < 4; i++) followers.push(await registerMember(t));
    await activity(target, followers);
    await Promise.all(copies().map((app) => app.jobs.runDue()));
    await Promise.all(copies().map((app) => app.jobs.runDue()));
    expect(
      Number((await rows("SELECT count(*) FROM notifications WHERE user_id = ?", [target.id]))[0]?.[0]),
    ).toBe(5);
    expect(await createdEvents(target.id)).toBe(5);
    const actors = await rows(
      `SELECT count(*) FROM notification_actors a JOIN notifications n ON n.id = a.notification_id
       WHERE n.user_id = ? AND n.type = 'like'`,
      [target.id],
    );
    expect(Number(actors[0]?.[0])).toBe(4);
    const counts = await Promise.all(
      copies().map(async (app) => {
        const res = await on(app, "GET", "/api/notifications/unread-count", target);
        return (await res.json()) as { count: number };
      }),
    );
    expect(counts).toEqual([{ count: 5 }, { count: 5 }]);
  });
});
