import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { adminOnlyMessage } from "../../src/server/policy/guard";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

type Member = Awaited<ReturnType<typeof registerMember>>;

const ADMIN_EMAIL = "panel@example.com";
let t: TestApp;
let member: Member;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, SUBMISSION_DAILY_LIMIT: "1000" });
  member = await registerMember(t, "submitter");
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: "panel",
    email: ADMIN_EMAIL,
    password: "panel password",
  });
  adminCookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, ADMIN_EMAIL, adminCookie);
  const submitted = await t.json(
    "POST",
    "/api/schools",
    {
      gym: "Queue Test Jiu Jitsu",
      address: "500 W 2nd St, Austin, TX 78701",
      dayAndTime: "Saturday 10:00am - 12:00pm and whenever",
      link: "",
      communityNotes: "",
      emailForConfirmation: "",
      saturday: true,
    },
    { cookie: member.cookie },
  );
  expect(submitted.status).toBe(201);
});
afterAll(() => t.close());

const page = (cookie?: string) => t.request("/admin", { headers: cookie ? { cookie } : {} });

/** The island's props as the page embeds them. */
function islandProps(html: string): Record<string, unknown> {
  const match = html.match(/<script type="application\/json"[^>]*>([^<]*)<\/script>/g) ?? [];
  const blocks = match.map((m) => m.replace(/^<script[^>]*>|<\/script>$/g, ""));
  const admin = blocks
    .map((b) => JSON.parse(b))
    .find((p) => p && typeof p === "object" && "submissions" in p);
  if (!admin) throw new Error("no AdminDashboard props in the page");
  return admin;
}

describe("GET /admin", () => {
  it("gives a guest the sign-in screen, coming back to /admin", async () => {
    const res = await page();
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-island="AuthForms"');
    expect(html).not.toContain('data-island="AdminDashboard"');
  });

  it("refuses a member with the administrators-only page", async () => {
    const res = await page(member.cookie);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain("Administrators only");
    expect(html).toContain(adminOnlyMessage);
    expect(html).not.toContain("Queue Test Jiu Jitsu");
  });

  it("renders the tabs and the pending queue for an admin, with only the queue's data in the props", async () => {
    const res = await page(adminCookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-island="AdminDashboard"');
    expect(html).toContain('role="tablist"');
    for (const tab of ["Submissions", "Feedback Dashboard", "Reports", "Stale listings", "Audit log"]) {
      expect(html).toMatch(new RegExp(`role="tab"[^>]*>${tab}</button>`));
    }
    expect(html).toContain("Queue Test Jiu Jitsu");
    expect(html).toContain("500 W 2nd St, Austin, TX 78701");
    expect(html).toContain("Sat 10:00 AM–12:00 PM");
    expect(html).toContain("Needs review");
    expect(html).toContain("https://www.openstreetmap.org/?mlat=");
    expect(html).toContain("No feedback submitted yet");
    const props = islandProps(html);
    expect(Object.keys(props).sort()).toEqual(["audit", "feedback", "reports", "stale", "submissions"]);
    expect(html).toContain("No open reports. Nothing to review.");
    expect(html).toContain("No school has a schedule to check.");
    const text = JSON.stringify(props);
    for (const secret of ["password", '"session"', "sessionId", "token", ADMIN_EMAIL]) {
      expect(text).not.toContain(secret);
    }
  });

  it("renders the open reports and the flagged schedules into the page and its props", async () => {
    const posted = await t.json(
      "POST",
      "/api/posts",
      { content: "Page-rendered reported post", visibility: "Public", photos: [] },
      { cookie: member.cookie },
    );
    expect(posted.status).toBe(201);
    const postId = ((await posted.json()) as { id: number }).id;
    const reported = await t.json(
      "POST",
      "/api/reports",
      { kind: "post", id: postId, reason: "Rendered reason" },
      { cookie: adminCookie },
    );
    expect(reported.status).toBe(201);
    await t.app.context.database.client.execute({
      sql: `INSERT INTO schools (slug, source_key, gym, location, address, city, state, latitude, longitude,
              time_zone, day_and_time, schedule_unparsed, created_at, updated_at)
            VALUES ('flagged-page-gym', 'flagged-page-gym', 'Flagged Page Gym', 'x', '1 Main St', 'Waco', 'TX',
              31.5, -97.1, 'America/Chicago', 'Sat 10am and whenever', ?, 0, 0)`,
      args: [JSON.stringify(["whenever the coach says"])],
    });
    // React marks where text pieces meet with empty comments.
    const html = (await (await page(adminCookie)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Open reports (1)");
    expect(html).toContain("Page-rendered reported post");
    expect(html).toContain("Rendered reason");
    expect(html).toContain("Schedules to check (1)");
    expect(html).toContain('href="/schools/flagged-page-gym"');
    expect(html).toContain("whenever the coach says");
    expect(html).toContain("Never confirmed");
  });
});
