import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { authMessages } from "../../src/common/schemas/auth";
import type { SchoolView } from "../../src/common/schemas/school";
import { visitorRuleTexts as texts } from "../../src/common/schemas/visitor-rules";
import { addSchool } from "../support/checkins";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const ADMIN_EMAIL = "rules-admin@example.com";
const NOW = new Date("2026-03-02T17:00:00.000Z");
let t: TestApp;
let owner: { id: number; cookie: string };
let other: { id: number; cookie: string };
let admin: { id: number; cookie: string };
let schoolId: number;
let otherSchoolId: number;

const rows = async (sql: string, args: (string | number)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
/** Everything a refused save must leave as it was. */
const snapshot = async () => ({
  school: await rows("SELECT visitor_rules, updated_at FROM schools ORDER BY id"),
  sessions: await rows("SELECT id, visitor_rules FROM open_mat_sessions ORDER BY id"),
  edits: (await rows("SELECT count(*) AS n FROM school_edits"))[0]?.n,
  version: (await rows("SELECT value FROM app_meta WHERE key = 'schools_version'"))[0]?.value ?? null,
});
const put = (body: unknown, cookie = owner.cookie, id = schoolId) =>
  t.json("PUT", `/api/schools/${id}/visitor-rules`, body, { cookie });
const view = async (id = schoolId) => (await (await t.request(`/api/schools/${id}`)).json()) as SchoolView;
const lastEdit = async () => {
  const [row] = await rows(
    "SELECT school_id, user_id, source, changes FROM school_edits ORDER BY id DESC LIMIT 1",
  );
  return {
    school_id: row?.school_id,
    user_id: row?.user_id,
    source: row?.source,
    changes: JSON.parse(String(row?.changes)),
  };
};

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, { now: () => NOW });
  owner = await registerMember(t, "rulesowner");
  other = await registerMember(t, "rulesother");
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "rulesadmin",
    email: ADMIN_EMAIL,
    password: "rules admin password",
  });
  const cookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, cookie);
  admin = { id: ((await res.json()) as { user: { id: number } }).user.id, cookie };
  schoolId = (
    await addSchool(t, {
      gym: "Rules Academy",
      sessions: [
        [6, "10:00"],
        [0, "10:00"],
      ],
    })
  ).id;
  otherSchoolId = (await addSchool(t, { gym: "Someone Else's Gym", sessions: [[6, "09:00"]] })).id;
  await rows("INSERT INTO school_owners (school_id, user_id, created_at) VALUES (?, ?, 0)", [
    schoolId,
    owner.id,
  ]);
});
afterAll(() => t.close());

describe("PUT /api/schools/{id}/visitor-rules: each value", () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown> | undefined][] = [
    ["a free mat", { matFee: "free" }, { matFee: 0 }],
    ["a fee of 0 dollars is free", { matFee: 0 }, { matFee: 0 }],
    ["a fee in dollars", { matFee: 10 }, { matFee: 10 }],
    ["a fee with cents", { matFee: 12.5 }, { matFee: 12.5 }],
    ["the highest fee", { matFee: 500 }, { matFee: 500 }],
    ["an unknown fee stays unknown", { matFee: "unknown" }, undefined],
    ["a null fee is unknown", { matFee: null }, undefined],
    ["Gi", { attire: "gi" }, { attire: "gi" }],
    ["No-Gi", { attire: "nogi" }, { attire: "nogi" }],
    ["both", { attire: "both" }, { attire: "both" }],
    ["all levels", { level: "all" }, { level: "all" }],
    ["beginners welcome", { level: "beginners" }, { level: "beginners" }],
    ["experienced only", { level: "experienced" }, { level: "experienced" }],
    ["women only", { womenOnly: true }, { womenOnly: true }],
    ["not women only", { womenOnly: false }, { womenOnly: false }],
    ["kids from 12", { kids: "allowed", minAge: 12 }, { kids: "allowed", minAge: 12 }],
    ["kids of any age", { kids: "allowed" }, { kids: "allowed" }],
    ["adults only", { kids: "adultsOnly" }, { kids: "adultsOnly" }],
    ["visitors welcome", { visitors: "welcome" }, { visitors: "welcome" }],
    ["members only", { visitors: "membersOnly" }, { visitors: "membersOnly" }],
    [
      "a waiver link",
      { waiverUrl: "https://example.com/waiver?gym=1" },
      { waiverUrl: "https://example.com/waiver?gym=1" },
    ],
    ["an empty waiver link is none", { waiverUrl: "  " }, undefined],
    ["a loaner gi", { loanerGi: true }, { loanerGi: true }],
    ["nothing known", {}, undefined],
  ];
  for (const [name, rules, stored] of cases) {
    it(name, async () => {
      const res = await put({ rules });
      expect(res.status).toBe(200);
      expect(((await res.json()) as SchoolView).visitorRules).toEqual(stored);
      expect((await view()).visitorRules).toEqual(stored);
      const [row] = await rows("SELECT visitor_rules FROM schools WHERE id = ?", [schoolId]);
      expect(JSON.parse(String(row?.visitor_rules))).toEqual(stored ?? {});
    });
  }
});

describe("bad input: a clear 4xx, nothing changed", () => {
  const bad: [string, unknown, number, string][] = [
    ["a fee below 0", { rules: { matFee: -1 } }, 400, texts.feeInvalid],
    ["a fee over 500 dollars", { rules: { matFee: 500.01 } }, 400, texts.feeInvalid],
    ["a fraction of a cent", { rules: { matFee: 10.005 } }, 400, texts.feeCents],
    ["a fee in words", { rules: { matFee: "cheap" } }, 400, texts.feeInvalid],
    ["an attire not in the list", { rules: { attire: "kimono" } }, 400, texts.attireInvalid],
    ["a level not in the list", { rules: { level: "pro" } }, 400, texts.levelInvalid],
    ["women only as a word", { rules: { womenOnly: "yes" } }, 400, texts.womenOnlyInvalid],
    ["kids not in the list", { rules: { kids: "sometimes" } }, 400, texts.kidsInvalid],
    ["an age without kids", { rules: { minAge: 12 } }, 400, texts.minAgeNeedsKids],
    ["an age of 0", { rules: { kids: "allowed", minAge: 0 } }, 400, texts.minAgeInvalid],
    ["an age of 18", { rules: { kids: "allowed", minAge: 18 } }, 400, texts.minAgeInvalid],
    ["visitors not in the list", { rules: { visitors: "sometimes" } }, 400, texts.visitorsInvalid],
    ["a script link", { rules: { waiverUrl: "javascript:alert(1)" } }, 400, texts.waiverInvalid],
    ["a loaner gi as a word", { rules: { loanerGi: "yes" } }, 400, texts.loanerGiInvalid],
    ["a rule that does not exist", { rules: { parking: "free" } }, 400, texts.rulesInvalid],
    ["no rules at all", {}, 400, texts.bodyInvalid],
    [
      "a session the school does not have",
      { rules: {}, sessions: [{ weekday: 3, start: 600, rules: { attire: "gi" } }] },
      422,
      texts.sessionNotFound,
    ],
    [
      "the same session twice",
      {
        rules: {},
        sessions: [
          { weekday: 6, start: 600, rules: { attire: "gi" } },
          { weekday: 6, start: 600, rules: { attire: "nogi" } },
        ],
      },
      400,
      texts.sessionTwice,
    ],
    [
      "a bad rule on a session",
      { rules: {}, sessions: [{ weekday: 6, start: 600, rules: { matFee: 900 } }] },
      400,
      texts.feeInvalid,
    ],
  ];
  it.each(bad)("%s", async (_name, body, status, message) => {
    expect((await put({ rules: { matFee: 5, attire: "gi" } })).status).toBe(200);
    const before = await snapshot();
    const res = await put(body);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe("who may set them", () => {
  it("a guest is asked to sign in", async () => {
    const res = await t.json("PUT", `/api/schools/${schoolId}/visitor-rules`, { rules: {} });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(authMessages.notSignedIn);
  });

  it("another member, or an owner at another school, gets the same 404 as a missing school", async () => {
    const before = await snapshot();
    for (const res of [
      await put({ rules: { matFee: 1 } }, other.cookie),
      await put({ rules: { matFee: 1 } }, owner.cookie, otherSchoolId),
      await put({ rules: { matFee: 1 } }, owner.cookie, 999_999),
    ]) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(texts.schoolNotFound);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("an owner's save is the gym's in the history, with each rule before and after", async () => {
    expect((await put({ rules: {} })).status).toBe(200);
    const res = await put({ rules: { matFee: 15, attire: "nogi" } });
    expect(res.status).toBe(200);
    expect(await lastEdit()).toEqual({
      school_id: schoolId,
      user_id: owner.id,
      source: "gym",
      changes: { visitorRules: { before: {}, after: { matFee: 15, attire: "nogi" } } },
    });
  });

  it("an admin's save is the admin's, at any school", async () => {
    const res = await put({ rules: { visitors: "welcome" } }, admin.cookie, otherSchoolId);
    expect(res.status).toBe(200);
    expect(await lastEdit()).toEqual({
      school_id: otherSchoolId,
      user_id: admin.id,
      source: "admin",
      changes: { visitorRules: { before: {}, after: { visitors: "welcome" } } },
    });
    expect((await view(otherSchoolId)).visitorRules).toEqual({ visitors: "welcome" });
  });
});

describe("a save", () => {
  it("moves the schools version, and the same save again writes nothing", async () => {
    const first = await snapshot();
    expect((await put({ rules: { matFee: 20, level: "beginners" } })).status).toBe(200);
    const saved = await snapshot();
    expect(Number(saved.version)).toBeGreaterThan(Number(first.version));
    expect(saved.edits).toBe(Number(first.edits) + 1);
    // The cached views read the change at once.
    expect((await view()).visitorRules).toEqual({ matFee: 20, level: "beginners" });
    expect((await put({ rules: { level: "beginners", matFee: 20 } })).status).toBe(200);
    expect(await snapshot()).toEqual(saved);
  });

  it("sets a session's own rules, keeping only what differs from the school's", async () => {
    const res = await put({
      rules: { attire: "gi", matFee: 10 },
      sessions: [
        { weekday: 0, start: 600, rules: { attire: "nogi", matFee: 10 } },
        { weekday: 6, start: 600, rules: { attire: "gi" } },
      ],
    });
    expect(res.status).toBe(200);
    const school = (await res.json()) as SchoolView;
    expect(school.visitorRules).toEqual({ attire: "gi", matFee: 10 });
    const sunday = school.sessions.find((s) => s.weekday === 0);
    const saturday = school.sessions.find((s) => s.weekday === 6);
    expect(sunday?.rules).toEqual({ attire: "nogi" });
    expect(saturday?.rules).toBeUndefined();
    expect((await lastEdit())?.changes.sessionRules).toEqual({
      before: {},
      after: { "Sun 10:00 AM": { attire: "nogi" } },
    });
  });

  it("leaves sessions' rules as they are without `sessions`, and clears the unlisted ones with it", async () => {
    await put({ rules: { attire: "both" } });
    expect((await view()).sessions.find((s) => s.weekday === 0)?.rules).toEqual({ attire: "nogi" });
    await put({ rules: { attire: "both" }, sessions: [] });
    expect((await view()).sessions.every((s) => s.rules === undefined)).toBe(true);
  });

  it("saves sent at once each land, and the history chains them", async () => {
    await put({ rules: {} });
    const fees = [11, 12, 13, 14, 15, 16];
    const responses = await Promise.all(
      fees.map((fee, i) => put({ rules: { matFee: fee } }, i % 2 ? admin.cookie : owner.cookie)),
    );
    expect(responses.map((r) => r.status)).toEqual(fees.map(() => 200));
    const edits = await rows(
      "SELECT changes FROM school_edits WHERE school_id = ? ORDER BY id DESC LIMIT 6",
      [schoolId],
    );
    const chain = edits.reverse().map((e) => JSON.parse(String(e.changes)).visitorRules);
    for (let i = 1; i < chain.length; i++) expect(chain[i].before).toEqual(chain[i - 1].after);
    expect((await view()).visitorRules).toEqual(chain.at(-1).after);
  });
});

describe("where visitors see them", () => {
  it("the school page lists them under 'Before you go', and each session's own after its line", async () => {
    await put({
      rules: {
        matFee: 10,
        attire: "gi",
        kids: "allowed",
        minAge: 12,
        waiverUrl: "https://example.com/waiver",
      },
      sessions: [{ weekday: 0, start: 600, rules: { attire: "nogi", matFee: 10 } }],
    });
    const html = await (await t.request(`/schools/${(await view()).slug}`)).text();
    const section = html.slice(html.indexOf('id="before-you-go"'));
    const items = [...section.matchAll(/<li class="visitor-rule">(.*?)<\/li>/g)].map((m) =>
      m[1]?.replace(/<[^>]+>/g, ""),
    );
    expect(items).toEqual(["Mat fee: $10", "Gi", "Kids 12+", "Sign the waiver ahead"]);
    expect(html).toContain(
      '<a href="https://example.com/waiver" target="_blank" rel="noopener noreferrer nofollow">',
    );
    expect(html).toContain(
      '<strong>Sun</strong> <!-- -->10:00 AM<span class="session-rules"><span> · <!-- -->No-Gi</span></span></li>',
    );
    // Paid, as schema.org says it.
    expect(html).toContain('"isAccessibleForFree":false');
  });

  it("the calendar writes them into each open mat's description, the session's own on top", async () => {
    const res = await t.request(`/schools/${(await view()).slug}.ics`);
    const ics = (await res.text()).replace(/\r\n[ \t]/g, "");
    const descriptions = [...ics.matchAll(/^DESCRIPTION:(.*)$/gm)].map((m) => m[1]);
    expect(descriptions).toHaveLength(2);
    expect(
      descriptions.filter((d) => d?.includes("Before you go: Mat fee: $10 · Gi · Kids 12+")),
    ).toHaveLength(1);
    expect(
      descriptions.filter((d) => d?.includes("Before you go: Mat fee: $10 · No-Gi · Kids 12+")),
    ).toHaveLength(1);
    expect(descriptions.every((d) => d?.includes("Sign the waiver ahead: https://example.com/waiver"))).toBe(
      true,
    );
  });

  it("shows nothing while every rule is unknown", async () => {
    await put({ rules: {}, sessions: [] });
    const html = await (await t.request(`/schools/${(await view()).slug}`)).text();
    expect(html).not.toContain("Before you go");
    expect(html).not.toContain("isAccessibleForFree");
    const ics = (await (await t.request(`/schools/${(await view()).slug}.ics`)).text()).replace(
      /\r\n[ \t]/g,
      "",
    );
    expect(ics).not.toContain("Before you go");
  });
});

describe("applying feedback can set them", () => {
  const feedback = async (note: string) => {
    const res = await t.json(
      "POST",
      "/api/feedback",
      { schoolId, communityNotes: note },
      { cookie: other.cookie },
    );
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const correction = async () => {
    const school = await view();
    return { gym: school.gym, address: school.address, dayAndTime: school.dayAndTime };
  };

  it("an admin's correction sets the rules given, in the same history line", async () => {
    await put({ rules: { matFee: 10 } });
    const id = await feedback("The mat fee is gone, and it is No-Gi now");
    const res = await t.json(
      "POST",
      `/api/admin/feedback/${id}/apply`,
      { ...(await correction()), visitorRules: { matFee: "free", attire: "nogi" } },
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    expect((await view()).visitorRules).toEqual({ matFee: 0, attire: "nogi" });
    expect(await lastEdit()).toMatchObject({
      source: "admin",
      user_id: admin.id,
      changes: { visitorRules: { before: { matFee: 10 }, after: { matFee: 0, attire: "nogi" } } },
    });
  });

  it("a correction without rules leaves them, and bad rules change nothing", async () => {
    const id = await feedback("Saturday is at 11 now");
    const bad = await t.json(
      "POST",
      `/api/admin/feedback/${id}/apply`,
      { ...(await correction()), visitorRules: { matFee: 600 } },
      { cookie: admin.cookie },
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(texts.feeInvalid);
    const ok = await t.json("POST", `/api/admin/feedback/${id}/apply`, await correction(), {
      cookie: admin.cookie,
    });
    expect(ok.status).toBe(200);
    expect((await view()).visitorRules).toEqual({ matFee: 0, attire: "nogi" });
  });

  it("an owner applying feedback on their school sets them too", async () => {
    const id = await feedback("Kids from 10 are welcome");
    const res = await t.json(
      "POST",
      `/api/schools/${schoolId}/feedback/${id}/apply`,
      { ...(await correction()), visitorRules: { matFee: 0, attire: "nogi", kids: "allowed", minAge: 10 } },
      { cookie: owner.cookie },
    );
    expect(res.status).toBe(200);
    expect((await view()).visitorRules).toEqual({ matFee: 0, attire: "nogi", kids: "allowed", minAge: 10 });
  });
});
