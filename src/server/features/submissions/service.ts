import type { OpenMatSubmissionInput, PendingSubmission } from "../../../common/schemas/submission";
import { weekdayNames } from "../../../common/schemas/submission";
import type { Db } from "../../../db/client";
import { idempotent, type KeyStatement } from "../../http/idempotency";
import { limitRule } from "../../http/member-limits";
import { chargeRate, releaseRate } from "../../http/rate-limit";
import { requireAccess } from "../../policy/access";
import { adminOnlyApiMessage } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { duplicateCandidates, readSchedule as readStoredSchedule } from "../schools/service";
import { geocodeOrFail, mailTo, requireReviewer, type SubmissionDeps } from "./deps";
import { pendingDuplicates } from "./pending-duplicates";
import {
  type AuditRow,
  auditPage,
  findSubmission,
  insertSubmission,
  pendingSubmissions,
  usernamesOf,
} from "./queries";
import { jsonOr, toSubmissionView } from "./view";

export {
  approveSubmission,
  mergeSubmission,
  rejectSubmission,
  releaseStaleClaimsJob,
  STALE_CLAIM_MS,
} from "./decide";
export type { Decider, SubmissionDeps } from "./deps";
export { type SubmissionView, toSubmissionView } from "./view";

/** The queue lists at most this many pending submissions at once. */
export const QUEUE_LIMIT = 200;

/**
 * The parser's verdict on what would be listed (as at approval):
 * flagged when any part went unread or was held back, or nothing was read at all.
 */
function readSchedule(text: string, now: Date) {
  const parsed = readStoredSchedule(text, now);
  // `review`: readings the parser wants a person to check (a "12am" start read as noon, ...).
  const review = parsed.review ?? [];
  const needsReview =
    review.length > 0 ||
    parsed.unparsed.length > 0 ||
    (parsed.sessions.length === 0 && !parsed.untimed?.length && !parsed.noOpenMat);
  return { sessions: parsed.sessions, unparsed: parsed.unparsed, review, needsReview };
}

/**
 * `POST /api/schools` (spec §7): a member's open mat, geocoded and parsed, stored as a
 * pending submission (not a live school), at most `dailyLimit` a day, confirmed by mail.
 * With an Idempotency-Key, a repeat answers the first submission (http/idempotency.ts):
 * it is not counted, stored or mailed again.
 */
export async function submitOpenMat(
  deps: SubmissionDeps,
  memberId: number,
  input: OpenMatSubmissionInput,
  idempotencyKey: string | null = null,
) {
  const key = idempotencyKey === null ? null : { memberId, scope: "submissions", key: idempotencyKey };
  return idempotent(deps.db, key, deps.now(), {
    status: 201,
    replay: async (id) => {
      const row = await findSubmission(deps.db, id);
      return row ? toSubmissionView(row) : null;
    },
    create: (record) => submitOnce(deps, memberId, input, record),
  });
}

async function submitOnce(
  deps: SubmissionDeps,
  memberId: number,
  input: OpenMatSubmissionInput,
  record: KeyStatement[],
) {
  const { db } = deps;
  const now = deps.now();
  const rule = limitRule("submission.create", { memberId }, deps.dailyLimit);
  await chargeRate(db, rule, now.getTime());
  let place: Awaited<ReturnType<typeof geocodeOrFail>>;
  try {
    place = await geocodeOrFail(deps.geocoder, input.address);
  } catch (error) {
    // An address that does not geocode stores nothing, so it costs nothing either.
    await releaseRate(db, rule, now.getTime());
    throw error;
  }
  const schedule = readSchedule(input.dayAndTime, now);
  const row = await insertSubmission(
    db,
    {
      submitterId: memberId,
      gym: input.gym,
      address: input.address,
      dayAndTime: input.dayAndTime,
      link: input.link ?? null,
      communityNotes: input.communityNotes ?? null,
      emailForConfirmation: input.emailForConfirmation || null,
      days: JSON.stringify(Object.fromEntries(weekdayNames.map((d) => [d, input[d]]))),
      latitude: place.latitude,
      longitude: place.longitude,
      city: place.city,
      state: place.state,
      location: place.label,
      sessions: JSON.stringify(schedule.sessions),
      unparsed: JSON.stringify(schedule.unparsed),
      review: JSON.stringify(schedule.review),
      needsReview: schedule.needsReview,
      status: "pending",
      createdAt: now,
    },
    record,
  ).catch(async (error: unknown) => {
    // Refused (the same Idempotency-Key sent at once went first): nothing stored, nothing counted.
    await releaseRate(db, rule, now.getTime());
    throw error;
  });
  const to = await mailTo(db, row);
  if (to) {
    await deps.sendMail({
      to,
      subject: `We received your open mat: ${row.gym}`,
      text: [
        `Thank you for submitting the open mat at ${row.gym} (${row.address}).`,
        "",
        "An administrator will review it soon; we will write again when it is decided.",
        "",
        `Schedule as you sent it: ${row.dayAndTime}`,
        "",
        deps.publicUrl,
      ].join("\n"),
    });
  }
  return toSubmissionView(row);
}

/** The admin queue: pending submissions, oldest first, each with its duplicate candidates. */
export async function reviewQueue(db: Db, viewer: PolicyViewer | "cli"): Promise<PendingSubmission[]> {
  if (viewer !== "cli") requireReviewer(viewer);
  const rows = await pendingSubmissions(db, QUEUE_LIMIT);
  const names = await usernamesOf(
    db,
    rows.map((r) => r.submitterId),
  );
  return Promise.all(
    rows.map(async (row) => ({
      ...toSubmissionView(row),
      submitterName: names.get(row.submitterId) ?? null,
      duplicates: await duplicateCandidates(db, row),
      pendingDuplicates: pendingDuplicates(row, rows),
    })),
  );
}

/** The audit log, newest first, for admins. */
export async function auditLog(db: Db, viewer: PolicyViewer, limit: number, beforeId?: number) {
  requireAccess(viewer, "audit.read", { forbidden: adminOnlyApiMessage });
  const rows = await auditPage(db, limit, beforeId);
  const view = (r: AuditRow & { actor: string | null }) => ({
    id: r.id,
    actorId: r.actorId,
    actor: r.actor,
    action: r.action,
    subjectType: r.subjectType,
    subjectId: r.subjectId,
    before: jsonOr<unknown>(r.before, null),
    after: jsonOr<unknown>(r.after, null),
    at: r.at.toISOString(),
  });
  const entries = rows.map(view);
  return { entries, nextBeforeId: entries.length === limit ? (entries.at(-1)?.id ?? null) : null };
}
