import { sql } from "drizzle-orm";
import {
  type AdminReportView,
  REPORT_DAILY_LIMIT,
  type ReportedContent,
  type ReportInput,
  type ReportView,
  reportMessages,
} from "../../../common/schemas/reports";
import type { Db } from "../../../db/client";
import { auditStatement } from "../../audit/log";
import { HttpError } from "../../http/errors";
import { limitRule } from "../../http/member-limits";
import { chargeRate, releaseRate } from "../../http/rate-limit";
import { requireAccess } from "../../policy/access";
import { adminOnlyApiMessage, requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import type { Storage } from "../../storage";
import { deleteMessageStatement, messageForModeration, messageForReport } from "../messages/service";
import { deletePost, postFor, postForModeration } from "../posts/service";
import { removeReviewStatements, reviewAuthor, reviewForModeration } from "../ratings/service";
import { clearProfileStatement, getPublicUser, profileForModeration } from "../users/service";
import * as q from "./queries";

export interface ReportDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  /** Reports per member per day. */
  dailyLimit?: number;
  onStorageError?: (error: unknown) => void;
}

const QUEUE_LIMIT = 200;

const toView = (r: q.ReportRow): ReportView => ({
  id: r.id,
  kind: r.kind,
  subjectId: r.subjectId,
  reason: r.reason,
  status: r.status,
  createdAt: new Date(r.createdAt).toISOString(),
});

/**
 * The reported member, if the reporter may see the subject (a post they may read, a profile
 * they may see, a message in their own conversation); otherwise 404, as if it were missing.
 */
async function reportedMember(db: Db, viewer: PolicyViewer, input: ReportInput): Promise<number> {
  if (input.kind === "post") {
    const post = await postFor(db, viewer, input.id);
    if (!post) throw new HttpError(404, reportMessages.postNotFound);
    return post.user.id;
  }
  if (input.kind === "profile") {
    const user = await getPublicUser(db, viewer, input.id).catch((error) => {
      if (error instanceof HttpError && error.status === 404)
        throw new HttpError(404, reportMessages.userNotFound);
      throw error;
    });
    return user.id;
  }
  if (input.kind === "review") {
    // A gym's reviews are public: anyone may report one, whether its author is named to them or not.
    const author = await reviewAuthor(db, input.id);
    if (author === null) throw new HttpError(404, reportMessages.reviewNotFound);
    return author;
  }
  const message = await messageForReport(db, viewer, input.id);
  if (!message) throw new HttpError(404, reportMessages.messageNotFound);
  return message.senderId;
}

/**
 * POST /api/reports: a member reports content they may see. Their own is 400; a second
 * report about the same subject while the first is open answers the first (200, not 201).
 * At most `dailyLimit` new reports a day (the spec's 429); a repeat costs nothing.
 */
export async function createReport(
  deps: ReportDeps,
  viewer: PolicyViewer,
  input: ReportInput,
): Promise<{ report: ReportView; created: boolean }> {
  requireAccess(viewer, "reports.create", { forbidden: adminOnlyApiMessage });
  const me = requireMemberId(viewer);
  const { db } = deps;
  const reportedUserId = await reportedMember(db, viewer, input);
  if (reportedUserId === me) throw new HttpError(400, reportMessages.ownContent);
  // A repeat is answered with the open report before anything is counted, so reporting
  // the same thing again (even many times at once) never uses up the member's quota.
  const open = await q.findOpen(db, me, input.kind, input.id);
  if (open) return { report: toView(open), created: false };
  const now = deps.now();
  const rule = limitRule("report.create", { memberId: me }, deps.dailyLimit ?? REPORT_DAILY_LIMIT);
  await chargeRate(db, rule, now.getTime());
  const { row, created } = await q.insertOrFindOpen(db, {
    reporterId: me,
    kind: input.kind,
    subjectId: input.id,
    reportedUserId,
    reason: input.reason,
    createdAt: now.getTime(),
  });
  if (!created) await releaseRate(db, rule, now.getTime());
  return { report: toView(row), created };
}

/** What the reported subject is now, for the admin; null once it is gone. */
async function contentOf(db: Db, row: q.ReportRow): Promise<ReportedContent | null> {
  if (row.kind === "post") {
    const post = await postForModeration(db, row.subjectId);
    return post && { kind: "post", content: post.content, photos: post.photos, visibility: post.visibility };
  }
  if (row.kind === "profile") {
    const profile = await profileForModeration(db, row.subjectId);
    return profile && { kind: "profile", ...profile };
  }
  if (row.kind === "review") return reviewForModeration(db, row.subjectId);
  const message = await messageForModeration(db, row.subjectId);
  return message ? { kind: "message", body: message.body, conversationId: message.conversationId } : null;
}

/** GET /api/admin/reports: open reports first, oldest first, each with what was reported. */
export async function reportQueue(db: Db, viewer: PolicyViewer): Promise<AdminReportView[]> {
  requireAccess(viewer, "reports.review", { forbidden: adminOnlyApiMessage });
  const rows = await q.queue(db, QUEUE_LIMIT);
  return Promise.all(
    rows.map(async (r) => ({
      ...toView(r),
      reporter: r.reporterName === null ? null : { id: r.reporterId, username: r.reporterName },
      reportedUser:
        r.reportedUserId === null || r.reportedName === null
          ? null
          : { id: r.reportedUserId, username: r.reportedName },
      decidedBy: r.decidedBy,
      decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
      content: await contentOf(db, r),
    })),
  );
}

async function loadOpen(db: Db, id: number) {
  const row = await q.findReport(db, id);
  if (!row) throw new HttpError(404, reportMessages.reportNotFound);
  if (row.status !== "open") throw new HttpError(409, reportMessages.alreadyDecided);
  return row;
}

/**
 * Inside a batch (one transaction), true while the report is still open: the statements that
 * go before the decision's UPDATE run exactly when that UPDATE will decide it.
 */
const stillOpen = (id: number) => sql`EXISTS (SELECT 1 FROM reports WHERE id = ${id} AND status = 'open')`;
/** Right after the decision's UPDATE: it decided the report. */
const justDecided = sql`changes() = 1`;

async function decidedView(db: Db, viewer: PolicyViewer, id: number) {
  const view = (await reportQueue(db, viewer)).find((r) => r.id === id);
  if (view) return view;
  const row = (await q.findReport(db, id)) as q.ReportRow;
  return { ...toView(row), decidedBy: row.decidedBy, decidedAt: new Date(row.decidedAt ?? 0).toISOString() };
}

/**
 * POST /api/admin/reports/{id}/remove: removes the content and settles every open report
 * about it. A post is deleted through the posts service (its photos too); a profile keeps
 * its account but loses what it shows others (about me, city, home gym, photo); a message
 * is deleted; a review is deleted and its school's rating made again without it. The decision
 * and its audit row (before: the report and the content; after:
 * what is left) are one batch, written only if the report is still open; deciding twice is 409.
 * A profile's or message's change is in that batch too; a post is deleted right after it.
 */
export async function removeReported(deps: ReportDeps, viewer: PolicyViewer, id: number) {
  requireAccess(viewer, "reports.review", { forbidden: adminOnlyApiMessage });
  const admin = requireMemberId(viewer);
  const { db } = deps;
  const row = await loadOpen(db, id);
  const content = await contentOf(db, row);
  const now = deps.now();
  const done = stillOpen(id);
  const after =
    row.kind === "profile" && content?.kind === "profile"
      ? { ...content, aboutMe: null, city: null, homeGym: null, profilePhoto: null }
      : null;
  // A post is deleted through the posts service after the batch (its photos live in storage);
  // in the batch it is a no-op so the statements keep their places.
  const contentChanges =
    row.kind === "profile"
      ? [clearProfileStatement(db, row.subjectId, done)]
      : row.kind === "message"
        ? [deleteMessageStatement(db, row.subjectId, done)]
        : row.kind === "review" && content?.kind === "review"
          ? removeReviewStatements(db, row.subjectId, content.school.id, done)
          : [db.run(sql`SELECT 1`)];
  const [first, ...rest] = contentChanges;
  const results = await db.batch([
    // Before the decision, while the report is open: see stillOpen.
    first,
    ...rest,
    q.closeOthers(db, row, admin, now, done),
    q.decideIfOpen(db, id, "removed", admin, now),
    auditStatement(
      db,
      {
        actorId: admin,
        action: "report.remove",
        subjectType: "report",
        subjectId: id,
        before: { report: { ...toView(row), reportedUserId: row.reportedUserId }, content },
        after: { report: { status: "removed", decidedAt: now.toISOString() }, content: after },
        at: now,
      },
      justDecided,
    ),
  ]);
  const claimed = results[contentChanges.length + 1] as { rowsAffected: number };
  if (claimed.rowsAffected !== 1) throw new HttpError(409, reportMessages.alreadyDecided);
  if (row.kind === "post" && content) {
    await deletePost(db, deps.storage, viewer, row.subjectId, deps.onStorageError).catch((error) => {
      // Gone in the meantime is what removing wanted.
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    });
  }
  return decidedView(db, viewer, id);
}

/** POST /api/admin/reports/{id}/dismiss: the content stays; the decision and its audit row are one batch. */
export async function dismissReport(deps: ReportDeps, viewer: PolicyViewer, id: number) {
  requireAccess(viewer, "reports.review", { forbidden: adminOnlyApiMessage });
  const admin = requireMemberId(viewer);
  const { db } = deps;
  const row = await loadOpen(db, id);
  const now = deps.now();
  const [claimed] = await db.batch([
    q.decideIfOpen(db, id, "dismissed", admin, now),
    auditStatement(
      db,
      {
        actorId: admin,
        action: "report.dismiss",
        subjectType: "report",
        subjectId: id,
        before: { report: { ...toView(row), reportedUserId: row.reportedUserId } },
        after: { report: { status: "dismissed", decidedAt: now.toISOString() } },
        at: now,
      },
      justDecided,
    ),
  ]);
  if (claimed.rowsAffected !== 1) throw new HttpError(409, reportMessages.alreadyDecided);
  return decidedView(db, viewer, id);
}
