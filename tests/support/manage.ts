/** The manage page's tests (issue 21): an app with an admin, an owner and a stranger, and a school of theirs. */
import { timeZoneAt } from "../../src/server/features/geo/time-zone";
import { type SchoolDraft, upsertSchool } from "../../src/server/features/schools/ingest";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember, sessionCookieFrom } from "./session";
import { createTestApp, type TestApp } from "./test-app";

export interface ManageWorld {
  t: TestApp;
  admin: { id: number; cookie: string };
  owner: { id: number; cookie: string };
  stranger: { id: number; cookie: string };
  /** Adds a school (read from its text as an import would), owned by `owner` unless said otherwise. */
  addSchool(
    draft: Partial<SchoolDraft> & { gym: string },
    owned?: boolean,
  ): Promise<{ id: number; slug: string }>;
  rows(sql: string, args?: (string | number | null)[]): Promise<Record<string, unknown>[]>;
}

let schools = 0;

export async function manageWorld(now: Date, env: Record<string, string> = {}): Promise<ManageWorld> {
  const adminEmail = `manage-admin-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const t = await createTestApp({ ADMIN_EMAILS: adminEmail, ...env }, { now: () => now });
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
    username: `manageadmin${Math.random().toString(36).slice(2, 7)}`,
    email: adminEmail,
    password: "manage admin password",
  });
  const adminCookie = sessionCookieFrom(res) ?? "";
  await confirmEmail(t, adminEmail, adminCookie);
  const admin = { id: ((await res.json()) as { user: { id: number } }).user.id, cookie: adminCookie };
  const owner = await registerMember(t, "owner");
  const stranger = await registerMember(t, "stranger");
  const rows = async (sql: string, args: (string | number | null)[] = []) =>
    (await t.app.context.database.client.execute({ sql, args })).rows as unknown as Record<string, unknown>[];
  return {
    t,
    admin,
    owner: { id: owner.id, cookie: owner.cookie },
    stranger: { id: stranger.id, cookie: stranger.cookie },
    rows,
    async addSchool(draft, owned = true) {
      schools++;
      const { id } = await upsertSchool(
        { db: t.app.context.database.db, now: () => now, timeZoneAt },
        {
          address: `${schools} Congress Ave, Austin, TX 78701`,
          city: "Austin",
          state: "TX",
          latitude: 30.26 + schools * 0.001,
          longitude: -97.74,
          dayAndTime: "Sat 11am-1pm (Gi)",
          ...draft,
        },
      );
      if (owned)
        await rows(
          "INSERT INTO school_owners (school_id, user_id, claim_id, created_at) VALUES (?, ?, NULL, ?)",
          [id, owner.id, now.getTime()],
        );
      const slug = String((await rows("SELECT slug FROM schools WHERE id = ?", [id]))[0]?.slug);
      return { id, slug };
    },
  };
}
