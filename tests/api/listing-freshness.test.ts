import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { addSchool, EVERY_DAY, northOf } from "../support/checkins";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const SAT_11_NY = new Date("2026-07-11T11:00:00-04:00");
let clock = SAT_11_NY;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

const schoolJson = async (id: number) => (await t.request(`/api/schools/${id}`)).json();
const version = async () =>
  (await t.app.context.database.client.execute("select value from app_meta where key = 'schools_version'"))
    .rows[0]?.[0] ?? null;

describe("listing freshness", () => {
  it("a verified check-in confirms the school: its page, its API answer and cached lists say so", async () => {
    const school = await addSchool(t, { sessions: EVERY_DAY("10:30") });
    const slug = (await schoolJson(school.id)).slug as string;
    expect((await schoolJson(school.id)).confirmedAt).toBeNull();
    expect(await (await t.request(`/schools/${slug}`)).text()).not.toContain("Confirmed by a check-in");

    const m = await registerMember(t, "fresh");
    const before = await version();
    const res = await t.json(
      "POST",
      "/api/checkins",
      { schoolId: school.id, ...northOf(school, 10) },
      { cookie: m.cookie },
    );
    expect(res.status).toBe(201);
    // Cached lists are rebuilt: the schools version moved with the first confirmation of the day.
    expect(await version()).not.toBe(before);
    expect((await schoolJson(school.id)).confirmedAt).toBe(SAT_11_NY.toISOString());
    expect(await (await t.request(`/schools/${slug}`)).text()).toContain("Confirmed by a check-in today");

    clock = new Date(SAT_11_NY.getTime() + 3 * 86_400_000);
    expect(await (await t.request(`/schools/${slug}`)).text()).toContain(
      "Confirmed by a check-in 3 days ago",
    );
  });

  it("a second confirmation on the same day leaves the schools version (and every cache) alone", async () => {
    clock = SAT_11_NY;
    const school = await addSchool(t, { sessions: EVERY_DAY("10:30") });
    const [a, b] = [await registerMember(t, "one"), await registerMember(t, "two")];
    const at = { schoolId: school.id, ...northOf(school, 5) };
    expect((await t.json("POST", "/api/checkins", at, { cookie: a.cookie })).status).toBe(201);
    const after = await version();
    clock = new Date(SAT_11_NY.getTime() + 60_000);
    expect((await t.json("POST", "/api/checkins", at, { cookie: b.cookie })).status).toBe(201);
    expect(await version()).toBe(after);
  });

  it("within the hour this copy sends no freshness statements; after it, the next check-in confirms anew", async () => {
    const open = new Date("2026-07-11T10:40:00-04:00");
    clock = open;
    const school = await addSchool(t, { sessions: EVERY_DAY("10:30") });
    const members = [
      await registerMember(t, "h1"),
      await registerMember(t, "h2"),
      await registerMember(t, "h3"),
    ];
    const at = { schoolId: school.id, ...northOf(school, 5) };
    const client = t.app.context.database.client;
    const confirmedAt = async () =>
      Number(
        (
          await client.execute({
            sql: "SELECT max(last_confirmed_at) FROM open_mat_sessions WHERE school_id = ?",
            args: [school.id],
          })
        ).rows[0]?.[0],
      );
    const sent: string[] = [];
    const batch = client.batch.bind(client);
    client.batch = ((statements: { sql: string }[], ...rest: unknown[]) => {
      for (const s of statements) sent.push(typeof s === "string" ? s : s.sql);
      return (batch as (...a: unknown[]) => unknown)(statements, ...rest);
    }) as typeof client.batch;
    const freshness = () =>
      sent.filter((s) =>
        /UPDATE open_mat_sessions SET last_confirmed_at|UPDATE schools SET last_verified_at/.test(s),
      );
    try {
      expect((await t.json("POST", "/api/checkins", at, { cookie: members[0]?.cookie ?? "" })).status).toBe(
        201,
      );
      expect(freshness()).toHaveLength(2);
      expect(await confirmedAt()).toBe(open.getTime());

      clock = new Date(open.getTime() + 30 * 60_000);
      sent.length = 0;
      expect((await t.json("POST", "/api/checkins", at, { cookie: members[1]?.cookie ?? "" })).status).toBe(
        201,
      );
      expect(freshness()).toHaveLength(0);
      expect(await confirmedAt()).toBe(open.getTime());

      // An hour and a minute on, the open mat (10:30 to 12:00 here) is still on: confirmed anew.
      const later = new Date(open.getTime() + 61 * 60_000);
      clock = later;
      sent.length = 0;
      expect((await t.json("POST", "/api/checkins", at, { cookie: members[2]?.cookie ?? "" })).status).toBe(
        201,
      );
      expect(freshness()).toHaveLength(2);
      expect(await confirmedAt()).toBe(later.getTime());
    } finally {
      client.batch = batch;
    }
  });
});
