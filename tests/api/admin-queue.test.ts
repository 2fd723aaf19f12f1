import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { PendingSubmission } from "../../src/common/schemas/submission";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { validSubmission } from "../support/submissions";
import { createTestApp, type TestApp } from "../support/test-app";

// Issue 23: the admin queue names the submitter by username, and two pending submissions of
// one gym flag each other as duplicates.
type Member = Awaited<ReturnType<typeof registerMember>>;

let t: TestApp;
let first: Member;
let second: Member;
let adminCookie = "";
const ADMIN_EMAIL = "queue-admin@example.com";

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SUBMISSION_DAILY_LIMIT: "1000" });
  first = await registerMember(t, "firstsender");
  second = await registerMember(t, "secondsender");
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "queueadmin",
    email: ADMIN_EMAIL,
    password: "queue admin password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
});
afterAll(async () => {
  await t.close();
});

const submit = async (who: Member, over: Partial<typeof validSubmission> = {}) => {
  const res = await t.json("POST", "/api/schools", { ...validSubmission, ...over }, { cookie: who.cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
};

const queue = async (cookie: string) => t.json("GET", "/api/admin/submissions", undefined, { cookie });

describe("GET /api/admin/submissions (issue 23)", () => {
  it("names each submitter by username, and flags two pending submissions of one gym as each other's duplicates", async () => {
    const a = await submit(first);
    const b = await submit(second, {
      gym: " riverside grappling club",
      address: "500 W 2nd St, Austin, TX 78701",
    });
    const unrelated = await submit(second, { gym: "Eastside Judo Dojo" });
    const res = await queue(adminCookie);
    expect(res.status).toBe(200);
    const { submissions } = (await res.json()) as { submissions: PendingSubmission[] };
    const byId = new Map(submissions.map((s) => [s.id, s]));
    expect(byId.get(a)?.submitterName).toBe(first.username);
    expect(byId.get(b)?.submitterName).toBe(second.username);
    expect(byId.get(a)?.pendingDuplicates.map((d) => d.id)).toEqual([b]);
    expect(byId.get(b)?.pendingDuplicates.map((d) => d.id)).toEqual([a]);
    expect(byId.get(a)?.pendingDuplicates[0]?.reasons).toEqual(["pendingSubmission"]);
    expect(byId.get(a)?.pendingDuplicates[0]?.distanceKm).toBe(0);
    expect(byId.get(unrelated)?.pendingDuplicates).toEqual([]);
  });

  it("is for admins only: a member gets 403 and no usernames", async () => {
    const res = await queue(first.cookie);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain(second.username);
  });
});
