import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { adminOnlyApiMessage, adminOnlyMessage } from "../../src/server/policy/guard";
import { confirmEmail, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let member: Awaited<ReturnType<typeof registerMember>>;
let admin: Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "boss@example.com" });
  member = await registerMember(t, "plain");
  const boss = await t.json("POST", "/api/auth/register", {
    username: "theboss",
    email: "boss@example.com",
    password: "boss password",
  });
  admin = { ...member, cookie: boss.headers.getSetCookie()[0]?.split(";")[0] ?? "" };
  await confirmEmail(t, "boss@example.com");
});
afterAll(() => t.close());

const page = (path: string, cookie?: string) => t.request(path, { headers: cookie ? { cookie } : {} });

describe("/admin", () => {
  it("asks a guest to sign in and come back", async () => {
    const res = await page("/admin");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-island="AuthForms"');
    expect(html).toContain("/admin");
  });

  it("answers a signed-in member with a 403 page that says so", async () => {
    const res = await page("/admin", member.cookie);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain(adminOnlyMessage);
  });

  it("opens for an admin", async () => {
    const res = await page("/admin", admin.cookie);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(adminOnlyMessage);
  });
});

describe("feedback list, declared { auth: 'admin' }", () => {
  it.each([
    ["a guest", undefined, 401],
    ["a member", "member", 403],
    ["an admin", "admin", 200],
  ])("%s gets %d", async (_who, as, status) => {
    const cookie = as === "member" ? member.cookie : as === "admin" ? admin.cookie : undefined;
    const res = await page("/api/feedback", cookie);
    expect(res.status).toBe(status);
    if (status === 403) expect((await res.json()).message).toBe(adminOnlyApiMessage);
  });
});
