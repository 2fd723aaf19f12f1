import { sql } from "drizzle-orm";
import type { ReportKind, ReportStatus } from "../../../common/schemas/reports";
import type { Db, Tx } from "../../../db/client";

export interface ReportRow {
  id: number;
  reporterId: number;
  kind: ReportKind;
  subjectId: number;
  reportedUserId: number | null;
  reason: string;
  status: ReportStatus;
  decidedBy: number | null;
  decidedAt: number | null;
  createdAt: number;
}

const columns = sql`id, reporter_id AS reporterId, kind, subject_id AS subjectId,
  reported_user_id AS reportedUserId, reason, status, decided_by AS decidedBy,
  decided_at AS decidedAt, created_at AS createdAt`;

const normal = (r: ReportRow): ReportRow => ({
  ...r,
  id: Number(r.id),
  reporterId: Number(r.reporterId),
  subjectId: Number(r.subjectId),
  reportedUserId: r.reportedUserId === null ? null : Number(r.reportedUserId),
  decidedBy: r.decidedBy === null ? null : Number(r.decidedBy),
  decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
  createdAt: Number(r.createdAt),
});

/**
 * Adds the report unless the reporter has one open about the same subject (the partial
 * unique index `reports_open_once` decides, so two at once leave one); then answers the
 * open one and whether it is new.
 */
export async function insertOrFindOpen(
  db: Db,
  values: Pick<ReportRow, "reporterId" | "kind" | "subjectId" | "reportedUserId" | "reason" | "createdAt">,
): Promise<{ row: ReportRow; created: boolean }> {
  const [inserted, found] = await db.batch([
    db.run(sql`INSERT INTO reports (reporter_id, kind, subject_id, reported_user_id, reason, status, created_at)
      VALUES (${values.reporterId}, ${values.kind}, ${values.subjectId}, ${values.reportedUserId},
        ${values.reason}, 'open', ${values.createdAt})
      ON CONFLICT DO NOTHING`),
    db.all<ReportRow>(sql`SELECT ${columns} FROM reports
      WHERE reporter_id = ${values.reporterId} AND kind = ${values.kind}
        AND subject_id = ${values.subjectId} AND status = 'open'`),
  ]);
  const row = found[0];
  if (!row) throw new Error("an open report is missing right after its insert");
  return { row: normal(row), created: inserted.rowsAffected === 1 };
}

/** The member's open report of this subject, if they made one. */
export async function findOpen(db: Db, reporterId: number, kind: ReportRow["kind"], subjectId: number) {
  const rows = await db.all<ReportRow>(sql`SELECT ${columns} FROM reports
    WHERE reporter_id = ${reporterId} AND kind = ${kind} AND subject_id = ${subjectId} AND status = 'open'`);
  return rows[0] ? normal(rows[0]) : undefined;
}

export async function findReport(db: Db, id: number): Promise<ReportRow | undefined> {
  const rows = await db.all<ReportRow>(sql`SELECT ${columns} FROM reports WHERE id = ${id}`);
  return rows[0] ? normal(rows[0]) : undefined;
}

/** The admin queue: open reports first, oldest first within each status; at most `limit`. */
export async function queue(db: Db, limit: number) {
  const rows = await db.all<ReportRow & { reporterName: string | null; reportedName: string | null }>(sql`
    SELECT r.id, r.reporter_id AS reporterId, r.kind, r.subject_id AS subjectId,
      r.reported_user_id AS reportedUserId, r.reason, r.status, r.decided_by AS decidedBy,
      r.decided_at AS decidedAt, r.created_at AS createdAt,
      a.username AS reporterName, b.username AS reportedName
    FROM reports r
    LEFT JOIN users a ON a.id = r.reporter_id
    LEFT JOIN users b ON b.id = r.reported_user_id
    ORDER BY (r.status = 'open') DESC, CASE WHEN r.status = 'open' THEN r.created_at ELSE -r.decided_at END, r.id
    LIMIT ${limit}`);
  return rows.map((r) => ({ ...normal(r), reporterName: r.reporterName, reportedName: r.reportedName }));
}

/** Decides the report if it is still open; `changes()` is 1 right after exactly when it did. */
export const decideIfOpen = (db: Tx, id: number, status: "removed" | "dismissed", by: number, at: Date) =>
  db.run(sql`UPDATE reports SET status = ${status}, decided_by = ${by}, decided_at = ${at.getTime()}
    WHERE id = ${id} AND status = 'open'`);

/**
 * Once the content is removed, the other open reports about it are settled the same way
 * (run only when `onlyIf` holds, i.e. this decision went in).
 */
export const closeOthers = (db: Tx, row: ReportRow, by: number, at: Date, onlyIf: ReturnType<typeof sql>) =>
  db.run(sql`UPDATE reports SET status = 'removed', decided_by = ${by}, decided_at = ${at.getTime()}
    WHERE kind = ${row.kind} AND subject_id = ${row.subjectId} AND status = 'open' AND id <> ${row.id}
      AND ${onlyIf}`);
