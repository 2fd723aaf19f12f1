/**
 * PUT /api/schools/{id}/schedule (issue 21): owners and admins save a school's schedule as
 * rows; the listing's text is written from them and reads back to the same sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { parseSchedule } from "../../src/common/schedule/parse";
import type { Session, UntimedSession } from "../../src/common/schedule/types";
import { authMessages } from "../../src/common/schemas/auth";
import type { SchoolView } from "../../src/common/schemas/school";
import { MANAGED_SESSIONS_MAX, manageTexts } from "../../src/common/schemas/school-manage";
import { type ManageWorld, manageWorld } from "../support/manage";

const NOW = new Date("2026-11-20T17:00:00.000Z");
let w: ManageWorld;
let school: { id: number; slug: string };

const put = (id: number, body: unknown, cookie = w.owner.cookie) =>
  w.t.json("PUT", `/api/schools/${id}/schedule`, body, { cookie });
const schoolApi = async (id: number) =>
  (await (await w.t.request(`/api/schools/${id}`)).json()) as SchoolView;
/** Everything a refused save must leave as it was. */
const snapshot = async (id: number) => ({
  school: await w.rows(
    "SELECT day_and_time, schedule_confirmed_text, schedule_source, schedule_source_at, updated_at FROM schools WHERE id = ?",
    [id],
  ),
  sessions: await w.rows("SELECT * FROM open_mat_sessions WHERE school_id = ? ORDER BY id", [id]),
  edits: await w.rows("SELECT count(*) AS n FROM school_edits WHERE school_id = ?", [id]),
  version: (await w.rows("SELECT value FROM app_meta WHERE key = 'schools_version'"))[0]?.value ?? null,
});

const weekly: Session = { weekday: 6, start: 600, end: 720, notes: ["Gi"] };
const monthly: Session = {
  weekday: 0,
  start: 600,
  end: null,
  notes: ["No-Gi", "$10 mat fee"],
  ordinals: [1, 3],
};
const dated: Session = { weekday: 6, start: 930, end: 1050, notes: ["Kids welcome"], date: "2026-12-19" };
const seasonal: Session = {
  weekday: 3,
  start: 1140,
  end: 1260,
  notes: [],
  from: "2026-12-01",
  until: "2027-03-31",
};
const untimed: UntimedSession = {
  weekday: 5,
  start: null,
  end: null,
  notes: ["Members only"],
  timeNotListed: true,
};

beforeAll(async () => {
  w = await manageWorld(NOW);
  school = await w.addSchool({ gym: "Rows Academy", dayAndTime: "Sat 11am-1pm (Gi), Sun 10am" });
});
afterAll(() => w.t.close());

describe("PUT /api/schools/{id}/schedule", () => {
  it("an owner's rows are stored as given, with the text written from them that reads back the same", async () => {
    const before = await snapshot(school.id);
    const res = await put(school.id, { sessions: [weekly, monthly, dated, seasonal], untimed: [untimed] });
    expect(res.status).toBe(200);
    const { school: view } = (await res.json()) as { school: SchoolView };
    const text = view.dayAndTime;
    expect(text).toBe(
      "Wed 7:00 PM–9:00 PM (from Dec 1, 2026) (until Mar 31, 2027); Fri (time not listed) (Members only); " +
        "Sat 10:00 AM–12:00 PM (Gi); Sat Dec 19, 2026 3:30 PM–5:30 PM (Kids welcome); 1st & 3rd Sun 10:00 AM (No-Gi) ($10 mat fee)",
    );
    const read = parseSchedule(text);
    expect(read.sessions).toEqual(view.sessions);
    expect(read.untimed).toEqual(view.untimed);
    expect(read.unparsed).toEqual([]);
    expect(view.sessions).toEqual(expect.arrayContaining([weekly, monthly, dated, seasonal]));
    expect(view.untimed).toEqual([untimed]);
    // No "check with the gym" mark on the gym's own rows; the filters list the days.
    expect(view.sessions.every((s) => !s.review)).toBe(true);
    expect(view.scheduleUnparsed).toEqual([]);
    expect([view.wednesday, view.friday, view.saturday, view.sunday, view.monday]).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(view.provenance).toEqual(expect.objectContaining({ kind: "gym" }));
    // GET shows it at once, and the schools version moved.
    expect((await schoolApi(school.id)).dayAndTime).toBe(text);
    const after = await snapshot(school.id);
    expect(Number(after.version)).toBeGreaterThan(Number(before.version ?? 0));
    expect(after.school[0]).toEqual(
      expect.objectContaining({
        day_and_time: text,
        schedule_confirmed_text: text,
        schedule_source: "gym",
        schedule_source_at: NOW.getTime(),
      }),
    );
  });

  it("writes one history line by the owner, with the text and the sessions before and after", async () => {
    const [edit] = await w.rows(
      "SELECT user_id, source, changes FROM school_edits WHERE school_id = ? ORDER BY id DESC LIMIT 1",
      [school.id],
    );
    expect(edit?.user_id).toBe(w.owner.id);
    expect(edit?.source).toBe("gym");
    const changes = JSON.parse(String(edit?.changes)) as Record<string, { before: unknown; after: unknown }>;
    expect(changes.dayAndTime?.before).toBe("Sat 11am-1pm (Gi), Sun 10am");
    expect(changes.sessions?.before).toEqual(["Sat 11:00 AM–1:00 PM (Gi)", "Sun 10:00 AM"]);
    expect(changes.sessions?.after).toContain("1st & 3rd Sun 10:00 AM (No-Gi) ($10 mat fee)");
  });

  it("saving the same rows again writes nothing", async () => {
    const before = await snapshot(school.id);
    const res = await put(school.id, { sessions: [seasonal, dated, monthly, weekly], untimed: [untimed] });
    expect(res.status).toBe(200);
    expect(await snapshot(school.id)).toEqual(before);
  });

  it("a row that stays keeps its id and last check-in; one in the same slot is changed in place", async () => {
    const ids = async () =>
      Object.fromEntries(
        (
          await w.rows("SELECT id, weekday, start_minute FROM open_mat_sessions WHERE school_id = ?", [
            school.id,
          ])
        ).map((r) => [`${r.weekday}@${r.start_minute}`, Number(r.id)]),
      );
    const was = await ids();
    await w.rows("UPDATE open_mat_sessions SET last_confirmed_at = ?, visitor_rules = ? WHERE id = ?", [
      NOW.getTime() - 86_400_000,
      '{"matFee":{"kind":"free"}}',
      was["6@600"] ?? 0,
    ]);
    // The weekly Saturday keeps its slot but ends later; the Wednesday goes; a Tuesday is new.
    const tuesday: Session = { weekday: 2, start: 1080, end: null, notes: [] };
    const res = await put(school.id, {
      sessions: [{ ...weekly, end: 780 }, monthly, dated, tuesday],
      untimed: [untimed],
    });
    expect(res.status).toBe(200);
    const now = await ids();
    expect(now["6@600"]).toBe(was["6@600"] as number);
    expect(now["0@600"]).toBe(was["0@600"] as number);
    expect(now["3@1140"]).toBeUndefined();
    expect(now["2@1080"]).toBeGreaterThan(Math.max(...Object.values(was)));
    const [kept] = await w.rows("SELECT * FROM open_mat_sessions WHERE id = ?", [was["6@600"] ?? 0]);
    expect(kept).toEqual(
      expect.objectContaining({
        end_minute: 780,
        last_confirmed_at: NOW.getTime() - 86_400_000,
        visitor_rules: '{"matFee":{"kind":"free"}}',
      }),
    );
  });

  it("an admin may save too; the listing then says an admin changed it", async () => {
    const res = await put(school.id, { sessions: [weekly] }, w.admin.cookie);
    expect(res.status).toBe(200);
    const [row] = await w.rows("SELECT schedule_source, day_and_time FROM schools WHERE id = ?", [school.id]);
    expect(row).toEqual({ schedule_source: "admin", day_and_time: "Sat 10:00 AM–12:00 PM (Gi)" });
    const [edit] = await w.rows(
      "SELECT user_id, source FROM school_edits WHERE school_id = ? ORDER BY id DESC LIMIT 1",
      [school.id],
    );
    expect(edit).toEqual({ user_id: w.admin.id, source: "admin" });
  });

  it("no rows: the listing says there is no open mat, and no day is listed", async () => {
    const res = await put(school.id, { sessions: [] });
    expect(res.status).toBe(200);
    const { school: view } = (await res.json()) as { school: SchoolView };
    expect(view.dayAndTime).toBe("No open mat");
    expect(view.noOpenMat).toBe(true);
    expect(view.sessions).toEqual([]);
    expect(view.saturday).toBe(false);
    await put(school.id, { sessions: [weekly] });
  });

  it("a guest gets 401; a member who does not keep it, the same 404 as a school that does not exist", async () => {
    const other = await w.addSchool({ gym: "Someone Else's Gym" }, false);
    const before = await snapshot(school.id);
    const guest = await put(school.id, { sessions: [monthly] }, "");
    expect(guest.status).toBe(401);
    expect(((await guest.json()) as { message: string }).message).toBe(authMessages.notSignedIn);
    const stranger = await put(school.id, { sessions: [monthly] }, w.stranger.cookie);
    const missing = await put(999_999, { sessions: [monthly] }, w.stranger.cookie);
    expect([stranger.status, missing.status]).toEqual([404, 404]);
    expect(await stranger.json()).toEqual(await missing.json());
    // An owner of one school is a stranger to another.
    expect((await put(other.id, { sessions: [monthly] })).status).toBe(404);
    expect(await snapshot(school.id)).toEqual(before);
  });

  const bad: [string, unknown, string][] = [
    ["an end before its start", { sessions: [{ ...weekly, end: 540 }] }, manageTexts.endBeforeStart],
    ["an end at its start", { sessions: [{ ...weekly, end: 600 }] }, manageTexts.endBeforeStart],
    [
      "a date that does not exist",
      { sessions: [{ ...dated, date: "2026-02-30" }] },
      "date must be a real date written YYYY-MM-DD",
    ],
    [
      "a date on another weekday",
      { sessions: [{ ...dated, weekday: 2 }] },
      "date must fall on the session's weekday",
    ],
    [
      "an ordinal out of range",
      { sessions: [{ ...monthly, ordinals: [6] }] },
      "ordinals must list 1 to 5 or -1 (last), ascending with -1 at the end, once each",
    ],
    ["a weekday out of range", { sessions: [{ ...weekly, weekday: 7 }] }, "weekday"],
    ["a start past the day", { sessions: [{ ...weekly, start: 1440 }] }, "start"],
    [
      "a season that ends before it starts",
      { sessions: [{ ...seasonal, from: "2027-04-01" }] },
      "from must be",
    ],
    [
      "too many open mats",
      {
        sessions: Array.from({ length: MANAGED_SESSIONS_MAX + 1 }, (_, i) => ({
          weekday: i % 7,
          start: 360 + i * 10,
          end: null,
          notes: [],
        })),
      },
      manageTexts.tooMany,
    ],
    ["the same open mat twice", { sessions: [weekly, { ...weekly, notes: [] }] }, "is listed twice"],
    ["a note on two lines", { sessions: [{ ...weekly, notes: ["Gi\nNo-Gi"] }] }, manageTexts.note],
    [
      "a note that reads back as another",
      { sessions: [{ ...weekly, notes: ["gi"] }] },
      "would not read back",
    ],
    ["no sessions list", { untimed: [] }, ""],
  ];
  for (const [what, body, message] of bad) {
    it(`refuses ${what} with a 400 that changes nothing`, async () => {
      const before = await snapshot(school.id);
      const res = await put(school.id, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(message);
      expect(await snapshot(school.id)).toEqual(before);
    });
  }
});

describe("PUT /api/schools/{id}/schedule limit", () => {
  it("is charged to school.edit: past it, the spec's 429, with nothing changed", async () => {
    const limited = await manageWorld(NOW, { LIMIT_SCHOOL_EDITS_PER_HOUR: "2" });
    try {
      const gym = await limited.addSchool({ gym: "Limited Academy" });
      const save = (start: number) =>
        limited.t.json(
          "PUT",
          `/api/schools/${gym.id}/schedule`,
          { sessions: [{ weekday: 6, start, end: null, notes: [] }] },
          { cookie: limited.owner.cookie },
        );
      expect((await save(600)).status).toBe(200);
      expect((await save(660)).status).toBe(200);
      const refused = await save(720);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Too many requests. Please try again later.",
      );
      const [row] = await limited.rows("SELECT day_and_time FROM schools WHERE id = ?", [gym.id]);
      expect(row?.day_and_time).toBe("Sat 11:00 AM");
    } finally {
      await limited.t.close();
    }
  });
});
