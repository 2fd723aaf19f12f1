import { confirmEmail, jsonFrom, nextPeerIp, sessionCookieFrom } from "./session";
import type { TestApp } from "./test-app";

/** Registers the member whose verified address is in ADMIN_EMAILS, and confirms it (admins need both). */
export async function registerAdmin(t: TestApp, email: string, username: string) {
  const password = "listing admin password";
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", { username, email, password });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: number } };
  const cookie = sessionCookieFrom(res) ?? "";
  await confirmEmail(t, email, cookie);
  return { username, email, password, id: body.user.id, cookie };
}

/** Makes the member one of the school's owners, straight into the table (as an approved claim would). */
export async function makeOwner(t: TestApp, schoolId: number, userId: number) {
  await t.app.context.database.client.execute({
    sql: "INSERT INTO school_owners (school_id, user_id, claim_id, created_at) VALUES (?, ?, NULL, ?)",
    args: [schoolId, userId, Date.now()],
  });
}

export const rowsOf = async (t: TestApp, sql: string, args: (string | number | null)[] = []) =>
  (await t.app.context.database.client.execute({ sql, args })).rows;
