import { goingPath, type Slot } from "../../src/common/schemas/going";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember } from "./session";
import type { TestApp } from "./test-app";

export type Member = Awaited<ReturnType<typeof registerMember>>;

/** Registers the admin named in ADMIN_EMAILS (confirmed, so the role counts) and returns the cookie. */
export async function registerAdmin(t: TestApp, email: string, username: string): Promise<string> {
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username,
    email,
    password: `${username} password 1`,
  });
  const cookie = res.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  await confirmEmail(t, email, cookie);
  return cookie;
}

/** A member whose address is confirmed (only such addresses are mailed). */
export async function confirmedMember(t: TestApp, prefix: string): Promise<Member> {
  const member = await registerMember(t, prefix);
  await t.app.context.database.client.execute({
    sql: "UPDATE users SET email_verified_at = 0 WHERE id = ?",
    args: [member.id],
  });
  return member;
}

/** Says `who` is going (POST) or takes it back (DELETE). */
export const going = (
  t: TestApp,
  method: "POST" | "DELETE" | "GET",
  schoolId: number,
  slot: Slot,
  cookie?: string,
) => t.json(method, goingPath(schoolId, slot), undefined, cookie ? { cookie } : {});

/** The going rows of a school, for checks that nothing changed. */
export async function goingRows(t: TestApp, schoolId: number) {
  const rows = await t.app.context.database.client.execute({
    sql: `SELECT date, start_minute, user_id, starts_at, came, reminded_at FROM occurrence_going
      WHERE school_id = ? ORDER BY date, start_minute, user_id`,
    args: [schoolId],
  });
  return rows.rows.map((r) => ({
    slot: `${r.date}@${r.start_minute}`,
    userId: Number(r.user_id),
    startsAt: new Date(Number(r.starts_at)).toISOString(),
    came: Number(r.came) === 1,
    reminded: r.reminded_at !== null,
  }));
}

/** Cancels (or, with moveTo, moves) one open mat as the admin. */
export const changeOpenMat = (
  t: TestApp,
  adminCookie: string,
  schoolId: number,
  body: {
    date: string;
    startMinute?: number | null;
    reason: string;
    moveTo?: { date: string; start: number };
  },
) => t.json("POST", `/api/schools/${schoolId}/exceptions`, body, { cookie: adminCookie });
