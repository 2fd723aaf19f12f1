import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { users } from "../../../db/schema";

export const updateUsername = (db: Db, userId: number, username: string) =>
  db.update(users).set({ username }).where(eq(users.id, userId));

/**
 * Every address the account is known by, lower-cased, as a SELECT: its own, one it asked to
 * move to (a link is out), and those its open-mat submissions gave for confirmation.
 */
export const addressesOf = (
  userId: number,
): SQL => sql`SELECT lower(email) AS address FROM users WHERE id = ${userId}
  UNION SELECT lower(email) FROM email_verification_tokens WHERE user_id = ${userId}
  UNION SELECT lower(email_for_confirmation) FROM open_mat_submissions
    WHERE submitter_id = ${userId} AND email_for_confirmation IS NOT NULL`;

/**
 * The account's own statements for its deletion batch, after the other features' (which
 * read rows that these remove):
 * - throttle counters keyed by one of its addresses (`reset-mail:email:…`);
 * - the audit log's copies of its data: the confirmation address of its submissions, and
 *   the content of its that an admin removed on a report (who decided what, and when, stay);
 * - the user, and by ON DELETE CASCADE their sessions, settings, links, tokens, follows,
 *   blocks, check-ins, posts, likes, conversations and messages, bell items, event
 *   recipients, submissions, reports they made, upload tickets and live stream slots.
 */
export function deleteUserStatements(db: Tx, userId: number) {
  const json = (column: string, path: string) =>
    sql.raw(`${column} = json_replace(${column}, '${path}', NULL)`);
  return [
    db.run(sql`DELETE FROM rate_counters WHERE EXISTS (SELECT 1 FROM (${addressesOf(userId)}) AS a
      WHERE substr(rate_counters.key, -length(a.address) - 1) = ':' || a.address)`),
    db.run(sql`UPDATE admin_audit_log SET ${json("before", "$.emailForConfirmation")}, ${json("after", "$.emailForConfirmation")}
      WHERE subject_type = 'submission' AND json_valid(before) AND json_valid(after)
        AND subject_id IN (SELECT id FROM open_mat_submissions WHERE submitter_id = ${userId})`),
    db.run(sql`UPDATE admin_audit_log SET ${json("before", "$.content")}, ${json("after", "$.content")}
      WHERE subject_type = 'report' AND json_valid(before) AND json_valid(after)
        AND subject_id IN (SELECT id FROM reports WHERE reported_user_id = ${userId})`),
    db.run(sql`DELETE FROM users WHERE id = ${userId}`),
  ] as const;
}
