import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { appendEvent, latestEventId } from "../../src/server/events/store";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

/** A member's page names the stream position it was rendered at, so the live stream replays from there. */
describe("data-live-from", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a member's page carries the newest event id; a guest's page carries none", async () => {
    const member = await registerMember(t);
    const db = t.app.context.database.db;
    await db.batch([...appendEvent(db, { type: "badge.earned", actorId: member.id, at: new Date() })]);
    const newest = await latestEventId(db);
    expect(newest).toBeGreaterThan(0);
    const html = await (await t.request("/about", { headers: { cookie: member.cookie } })).text();
    expect(html).toContain(`<body data-live-from="${newest}">`);
    const guest = await (await t.request("/about")).text();
    expect(guest).toContain("<body>");
    expect(guest).not.toContain("data-live-from");
  });
});
