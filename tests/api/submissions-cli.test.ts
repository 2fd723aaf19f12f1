import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

const main = join(import.meta.dir, "../../src/server/main.ts");

let t: TestApp;
let member: Awaited<ReturnType<typeof registerMember>>;

function cli(args: string[]) {
  const proc = Bun.spawnSync([process.execPath, main, ...args], {
    env: { ...process.env, LOG_LEVEL: "error", DATABASE_URL: t.env.DATABASE_URL, DEMO_DATA: "false" },
  });
  return { code: proc.exitCode, stdout: proc.stdout.toString(), stderr: proc.stderr.toString() };
}

const submit = async (gym: string) => {
  const res = await t.json(
    "POST",
    "/api/schools",
    { gym, address: "500 W 2nd St, Austin, TX 78701", dayAndTime: "Saturday 10am-12pm", saturday: true },
    { cookie: member.cookie },
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
};

const statusOf = async (id: number) =>
  (
    await t.app.context.database.client.execute({
      sql: "select status, school_id, reason from open_mat_submissions where id = ?",
      args: [id],
    })
  ).rows[0];

beforeAll(async () => {
  t = await createTestApp();
  member = await registerMember(t, "clisubmitter");
});
afterAll(() => t.close());

describe("openmat admin submissions", () => {
  it("is in the help", () => {
    expect(cli(["--help"]).stdout).toContain("admin submissions list|approve ID|reject ID REASON");
  });

  it("lists the pending queue, approves one as a school and rejects another with a reason", async () => {
    const first = await submit("Terminal Grappling");
    const second = await submit("Console Jiu Jitsu");
    const list = cli(["admin", "submissions", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`#${first}  Terminal Grappling`);
    expect(list.stdout).toContain(`#${second}  Console Jiu Jitsu`);
    expect(list.stdout.indexOf(`#${first}`)).toBeLessThan(list.stdout.indexOf(`#${second}`));

    const approved = cli(["admin", "submissions", "approve", String(first)]);
    expect(approved.code).toBe(0);
    const row = await statusOf(first);
    expect(row?.status).toBe("approved");
    expect(approved.stdout).toContain(`approved as school ${row?.school_id}`);

    const rejected = cli(["admin", "submissions", "reject", String(second), "Not", "an", "open", "mat"]);
    expect(rejected.code).toBe(0);
    expect(await statusOf(second)).toMatchObject({ status: "rejected", reason: "Not an open mat" });

    const again = cli(["admin", "submissions", "approve", String(first)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already been decided");
    const audit = await t.app.context.database.client.execute(
      "select action, actor_id from admin_audit_log order by id",
    );
    expect(audit.rows.map((r) => r.action)).toEqual(["submission.approve", "submission.reject"]);
    expect(cli(["admin", "submissions", "list"]).stdout).toContain("No pending submissions.");
  });

  it("a bad form is a usage error", () => {
    expect(cli(["admin", "submissions", "reject", "1"]).code).toBe(64);
    expect(cli(["admin", "submissions", "approve", "x"]).code).toBe(64);
    expect(cli(["admin", "submissions"]).code).toBe(64);
  });
});
