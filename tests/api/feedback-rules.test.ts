/**
 * Members (and guests) suggest visitor rules with their feedback (issue 21): POST /api/feedback
 * takes `visitorRules`, checked by the rules' schema (a bad one is a 400 with its message that
 * stores nothing), kept in `feedback.visitor_rules`. The admin's list and the owners' list show
 * the suggestion beside the school's own rules, which the apply forms start from; suggestions
 * are public information about the gym, so owners see them even beside private comments.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { feedbackMessages, type SchoolFeedbackItem } from "../../src/common/schemas/feedback";
import type { SchoolView } from "../../src/common/schemas/school";
import { visitorRuleTexts as texts } from "../../src/common/schemas/visitor-rules";
import { type ManageWorld, manageWorld } from "../support/manage";

const NOW = new Date("2026-11-20T17:00:00.000Z");
let w: ManageWorld;
let school: { id: number; slug: string };
const SCHOOL_RULES = { matFee: 15, attire: "gi", kids: "allowed", minAge: 10 } as const;

let peer = 0;
/** Each post from its own guest address, so the hourly limit never gets in the way. */
const send = (body: unknown, cookie = "") =>
  w.t.json("POST", "/api/feedback", body, {
    cookie,
    "x-forwarded-for": `198.51.100.${++peer}`,
  });
const stored = async (id: number) =>
  (await w.rows("SELECT visitor_rules, community_notes FROM feedback WHERE id = ?", [id]))[0];
const count = async () => Number((await w.rows("SELECT count(*) AS n FROM feedback"))[0]?.n);

beforeAll(async () => {
  w = await manageWorld(NOW);
  school = await w.addSchool({
    gym: "Suggested Rules BJJ",
    dayAndTime: "Sat 11am-1pm (Gi)",
    visitorRules: SCHOOL_RULES,
  });
});
afterAll(() => w.t.close());

describe("POST /api/feedback with visitorRules", () => {
  it("stores a guest's suggestion as the rules' schema reads it ('free' is 0)", async () => {
    const res = await send({
      schoolId: school.id,
      communityNotes: "They went no-gi and free for visitors",
      privateComments: null,
      visitorRules: { matFee: "free", attire: "nogi", visitors: "welcome", waiverUrl: "" },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { message: string }).message).toBe(feedbackMessages.success);
    const id = Number((await w.rows("SELECT max(id) AS id FROM feedback"))[0]?.id);
    expect(JSON.parse(String((await stored(id))?.visitor_rules))).toEqual({
      matFee: 0,
      attire: "nogi",
      visitors: "welcome",
    });
  });

  it("a suggestion alone is feedback; every rule 'Not said' with no note is not, and without rules none is stored", async () => {
    const alone = await send({ schoolId: school.id, visitorRules: { loanerGi: true } }, w.stranger.cookie);
    expect(alone.status).toBe(201);
    const nothing = await send({ schoolId: school.id, communityNotes: "", visitorRules: { attire: null } });
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as { message: string }).message).toBe(feedbackMessages.empty);
    const plain = await send({ schoolId: school.id, communityNotes: "Mats were clean", visitorRules: {} });
    const id = ((await plain.json()) as { id: number }).id;
    expect(await stored(id)).toEqual({ visitor_rules: null, community_notes: "Mats were clean" });
  });

  it.each([
    [{ matFee: 600 }, texts.feeInvalid],
    [{ matFee: -1 }, texts.feeInvalid],
    [{ attire: "kimono" }, texts.attireInvalid],
    [{ minAge: 8 }, texts.minAgeNeedsKids],
    [{ kids: "allowed", minAge: 30 }, texts.minAgeInvalid],
    [{ waiverUrl: "javascript:alert(1)" }, texts.waiverInvalid],
    [{ dressCode: "white" }, texts.rulesInvalid],
    ["nogi", texts.rulesInvalid],
  ])("refuses %o with a 400 and the rules' message, storing nothing", async (visitorRules, message) => {
    const before = await count();
    const res = await send({ schoolId: school.id, communityNotes: "A note", visitorRules });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await count()).toBe(before);
  });
});

describe("the suggestion in the lists, and the apply", () => {
  it("the admin's list carries each suggestion and the school's own rules", async () => {
    const res = await w.t.json("GET", "/api/feedback", undefined, { cookie: w.admin.cookie });
    const list = (await res.json()) as Record<string, unknown>[];
    const row = list.find((f) => f.communityNotes === "They went no-gi and free for visitors");
    expect(row).toMatchObject({
      visitorRules: { matFee: 0, attire: "nogi", visitors: "welcome" },
      schoolVisitorRules: SCHOOL_RULES,
    });
    expect(list.find((f) => f.communityNotes === "Mats were clean")?.visitorRules).toBeNull();
  });

  it("owners see a suggestion even beside private comments (never the comments), with the school's rules", async () => {
    const res = await send({
      schoolId: school.id,
      communityNotes: null,
      privateComments: "The owner is hard to reach",
      visitorRules: { level: "beginners" },
    });
    const id = ((await res.json()) as { id: number }).id;
    await send({ schoolId: school.id, privateComments: "Only for admins" });
    const mine = await w.t.json("GET", `/api/schools/${school.id}/feedback`, undefined, {
      cookie: w.owner.cookie,
    });
    const { feedback } = (await mine.json()) as { feedback: SchoolFeedbackItem[] };
    const item = feedback.find((f) => f.id === id);
    expect(item).toMatchObject({
      communityNotes: null,
      privateComments: null,
      visitorRules: { level: "beginners" },
      schoolVisitorRules: SCHOOL_RULES,
    });
    expect(feedback.some((f) => f.privateComments !== null)).toBe(false);
    expect(feedback.map((f) => f.visitorRules)).toContainEqual({ loanerGi: true });
  });

  it("an owner applies the suggestion: the school takes the rules, and a session keeps its own", async () => {
    await w.rows("UPDATE open_mat_sessions SET visitor_rules = ? WHERE school_id = ?", [
      JSON.stringify({ womenOnly: true }),
      school.id,
    ]);
    const mine = await w.t.json("GET", `/api/schools/${school.id}/feedback`, undefined, {
      cookie: w.owner.cookie,
    });
    const { feedback } = (await mine.json()) as { feedback: SchoolFeedbackItem[] };
    const item = feedback.find((f) => f.visitorRules?.level === "beginners") as SchoolFeedbackItem;
    const res = await w.t.json(
      "POST",
      `/api/schools/${school.id}/feedback/${item.id}/apply`,
      {
        gym: item.schoolName,
        address: item.address,
        dayAndTime: "Sat 11am-1:30pm (Gi)",
        link: item.website ?? "",
        visitorRules: { ...item.schoolVisitorRules, ...item.visitorRules },
      },
      { cookie: w.owner.cookie },
    );
    expect(res.status).toBe(200);
    const view = (await (await w.t.request(`/api/schools/${school.id}`)).json()) as SchoolView;
    expect(view.visitorRules).toEqual({ ...SCHOOL_RULES, level: "beginners" });
    // The correction read the schedule again; the Saturday open mat kept its own rules.
    expect(view.sessions).toEqual([expect.objectContaining({ end: 810, rules: { womenOnly: true } })]);
    const [audit] = await w.rows(
      "SELECT before FROM admin_audit_log WHERE action = 'feedback.apply' AND subject_id = ?",
      [item.id],
    );
    expect(JSON.parse(String(audit?.before)).feedback.visitorRules).toEqual({ level: "beginners" });
  });
});
