import { sql } from "drizzle-orm";
import { parseSchedule } from "../../../common/schedule/parse";
import type { Session } from "../../../common/schedule/types";
import type { SubmissionDecided } from "../../../common/schemas/notifications";
import type {
  ApproveSubmissionInput,
  OpenMatSubmissionInput,
  WeekdayName,
} from "../../../common/schemas/submission";
import { submissionMessages, weekdayNames } from "../../../common/schemas/submission";
import type { Db } from "../../../db/client";
import { auditStatement as writeAudit } from "../../audit/log";
import { appendEvent } from "../../events/store";
import { HttpError } from "../../http/errors";
import { hitRate, releaseRate, tooManyRequests } from "../../http/rate-limit";
import { requireAccess } from "../../policy/access";
import { adminOnlyApiMessage } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import {
  confirmSchool,
  duplicateCandidates,
  locateSchool,
  type SchoolGeocoder,
  schoolRow,
  upsertSchool,
} from "../schools/service";
import {
  type AuditRow,
  auditPage,
  decideIfPending,
  findSubmission,
  insertSubmission,
  pendingSubmissions,
  type SubmissionRow,
  setSubmissionSchool,
  undoDecision,
  userContact,
} from "./queries";

export const DAY_MS = 86_400_000;
/** The queue lists at most this many pending submissions at once. */
export const QUEUE_LIMIT = 200;

export interface SubmissionDeps {
  db: Db;
  now: () => Date;
  geocoder: SchoolGeocoder;
  timeZoneAt: (latitude: number, longitude: number) => string;
  /** The mail outbox's enqueue. */
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  /** Submissions per member per day (`SUBMISSION_DAILY_LIMIT`). */
  dailyLimit: number;
  publicUrl: string;
}

/** Who decides: an admin through the API, or the terminal (`openmat admin submissions`). */
export type Decider = { kind: "admin"; id: number } | { kind: "cli" };

const jsonOr = <T>(text: string | null, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const dayFlagsOf = (days: Partial<Record<WeekdayName, boolean>>) => ({
  monday: days.monday === true,
  tuesday: days.tuesday === true,
  wednesday: days.wednesday === true,
  thursday: days.thursday === true,
  friday: days.friday === true,
  saturday: days.saturday === true,
  sunday: days.sunday === true,
});

export function toSubmissionView(row: SubmissionRow) {
  return {
    id: row.id,
    submitterId: row.submitterId,
    status: row.status,
    gym: row.gym,
    address: row.address,
    dayAndTime: row.dayAndTime,
    link: row.link,
    communityNotes: row.communityNotes,
    emailForConfirmation: row.emailForConfirmation,
    ...dayFlagsOf(jsonOr<Partial<Record<WeekdayName, boolean>>>(row.days, {})),
    latitude: row.latitude,
    longitude: row.longitude,
    city: row.city,
    state: row.state,
    location: row.location,
    sessions: jsonOr<Session[]>(row.sessions, []),
    unparsed: jsonOr<string[]>(row.unparsed, []),
    review: jsonOr<string[]>(row.review, []),
    needsReview: row.needsReview,
    reason: row.reason,
    schoolId: row.schoolId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
export type SubmissionView = ReturnType<typeof toSubmissionView>;

/** The parser's verdict: flagged when any part went unread, or nothing was read at all. */
function readSchedule(text: string) {
  const parsed = parseSchedule(text);
  // `review`: readings the parser wants a person to check (a "12am" start read as noon, ...).
  const review = (parsed as { review?: string[] }).review ?? [];
  const needsReview =
    review.length > 0 || parsed.unparsed.length > 0 || (parsed.sessions.length === 0 && !parsed.noOpenMat);
  return { sessions: parsed.sessions, unparsed: parsed.unparsed, review, needsReview };
}

async function geocodeOrFail(geocoder: SchoolGeocoder, address: string) {
  const place = await locateSchool(geocoder, { address } as Parameters<typeof locateSchool>[1]);
  if (!place?.city || !place.state) throw new HttpError(422, submissionMessages.geocodeFailed(address));
  return { ...place, city: place.city, state: place.state };
}

const mailTo = async (db: Db, row: Pick<SubmissionRow, "emailForConfirmation" | "submitterId">) =>
  row.emailForConfirmation || (await userContact(db, row.submitterId))?.email;

/**
 * `POST /api/schools` (spec §7): a member's open mat, geocoded and parsed, stored as a
 * pending submission (not a live school), at most `dailyLimit` a day, confirmed by mail.
 */
export async function submitOpenMat(deps: SubmissionDeps, memberId: number, input: OpenMatSubmissionInput) {
  const { db } = deps;
  const now = deps.now();
  const rule = { key: `submission:user:${memberId}`, limit: deps.dailyLimit, windowMs: DAY_MS };
  const state = await hitRate(db, rule, now.getTime());
  if (!state.allowed) throw tooManyRequests(state);
  let place: Awaited<ReturnType<typeof geocodeOrFail>>;
  try {
    place = await geocodeOrFail(deps.geocoder, input.address);
  } catch (error) {
    // An address that does not geocode stores nothing, so it costs nothing either.
    await releaseRate(db, rule, now.getTime());
    throw error;
  }
  const schedule = readSchedule(input.dayAndTime);
  const row = await insertSubmission(db, {
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

const requireReviewer = (viewer: PolicyViewer) =>
  requireAccess(viewer, "submissions.review", { forbidden: adminOnlyApiMessage });

/** The admin queue: pending submissions, oldest first, each with its duplicate candidates. */
export async function reviewQueue(db: Db, viewer: PolicyViewer | "cli") {
  if (viewer !== "cli") requireReviewer(viewer);
  const rows = await pendingSubmissions(db, QUEUE_LIMIT);
  return Promise.all(
    rows.map(async (row) => ({
      ...toSubmissionView(row),
      duplicates: await duplicateCandidates(db, row),
    })),
  );
}

const notFound = () => new HttpError(404, submissionMessages.notFound);
const decided = () => new HttpError(409, submissionMessages.alreadyDecided);

function auditStatement(
  db: Db,
  entry: { decider: Decider; action: string; subjectId: number; before: unknown; after: unknown; at: Date },
  onlyIf = sql`1`,
) {
  const actorId = entry.decider.kind === "admin" ? entry.decider.id : null;
  const { action, subjectId, before, after, at } = entry;
  return writeAudit(db, { actorId, action, subjectType: "submission", subjectId, before, after, at }, onlyIf);
}

function decisionEvent(
  db: Db,
  row: SubmissionRow,
  decider: Decider,
  payload: Omit<SubmissionDecided, "submissionId" | "submitterId" | "gym">,
  at: Date,
  onlyIf?: ReturnType<typeof sql>,
) {
  const full: SubmissionDecided = {
    submissionId: row.id,
    submitterId: row.submitterId,
    gym: row.gym,
    ...payload,
  };
  return appendEvent(
    db,
    {
      type: "submission.decided",
      actorId: decider.kind === "admin" ? decider.id : null,
      subjectId: row.id,
      payload: full,
      at,
    },
    onlyIf,
  );
}

async function decisionMail(deps: SubmissionDeps, row: SubmissionRow, text: string) {
  const to = await mailTo(deps.db, row);
  if (!to) return;
  await deps.sendMail({
    to,
    subject: `Your open mat submission: ${row.gym}`,
    text: [text, "", deps.publicUrl].join("\n"),
  });
}

async function loadPending(db: Db, id: number) {
  const row = await findSubmission(db, id);
  if (!row) throw notFound();
  if (row.status !== "pending") throw decided();
  return row;
}

/** Claims the pending submission for this decision; exactly one of two racing admins gets it. */
async function claim(deps: SubmissionDeps, id: number, decider: Decider, at: Date) {
  const claimed = await decideIfPending(deps.db, id, {
    status: "approved",
    decidedBy: decider.kind === "admin" ? decider.id : null,
    decidedAt: at,
  }).returning();
  const after = claimed[0];
  if (!after) throw decided();
  return after;
}

/** Approve as a new school (with the admin's edits), through the schools ingest path. */
export async function approveSubmission(
  deps: SubmissionDeps,
  viewer: PolicyViewer | "cli",
  id: number,
  edits: ApproveSubmissionInput = {},
) {
  if (viewer !== "cli") requireReviewer(viewer);
  const decider: Decider = viewer === "cli" ? { kind: "cli" } : { kind: "admin", id: requireAdminId(viewer) };
  const { db } = deps;
  const before = await loadPending(db, id);
  const address = edits.address ?? before.address;
  const place =
    address === before.address
      ? { latitude: before.latitude, longitude: before.longitude, city: before.city, state: before.state }
      : await geocodeOrFail(deps.geocoder, address);
  const now = deps.now();
  await claim(deps, id, decider, now);
  let schoolId: number;
  try {
    ({ id: schoolId } = await upsertSchool(
      { db, now: deps.now, timeZoneAt: deps.timeZoneAt },
      {
        sourceKey: `submission:${id}`,
        gym: edits.gym ?? before.gym,
        address,
        city: place.city,
        state: place.state,
        latitude: place.latitude,
        longitude: place.longitude,
        website: edits.link !== undefined ? edits.link : before.link,
        dayAndTime: edits.dayAndTime ?? before.dayAndTime,
        communityNotes: edits.communityNotes !== undefined ? edits.communityNotes : before.communityNotes,
      },
    ));
  } catch (error) {
    await undoDecision(db, id);
    throw error;
  }
  const after = { ...before, ...edits, ...place, status: "approved" as const, schoolId, decidedAt: now };
  await db.batch([
    setSubmissionSchool(db, id, schoolId),
    auditStatement(db, { decider, action: "submission.approve", subjectId: id, before, after, at: now }),
    ...decisionEvent(db, before, decider, { decision: "approved", schoolId }, now),
  ]);
  await decisionMail(
    deps,
    before,
    `Good news: your open mat at ${after.gym} was approved and is now listed.\n${deps.publicUrl}/api/schools/${schoolId}`,
  );
  return toSubmissionView((await findSubmission(db, id)) as SubmissionRow);
}

/** Merge into an existing school: its schedule becomes the submitted one, and it is confirmed now. */
export async function mergeSubmission(
  deps: SubmissionDeps,
  viewer: PolicyViewer | "cli",
  id: number,
  schoolId: number,
) {
  if (viewer !== "cli") requireReviewer(viewer);
  const decider: Decider = viewer === "cli" ? { kind: "cli" } : { kind: "admin", id: requireAdminId(viewer) };
  const { db } = deps;
  const before = await loadPending(db, id);
  const school = await schoolRow(db, schoolId);
  if (!school) throw new HttpError(404, submissionMessages.schoolNotFound);
  const now = deps.now();
  await claim(deps, id, decider, now);
  try {
    await upsertSchool(
      { db, now: deps.now, timeZoneAt: deps.timeZoneAt },
      {
        sourceKey: school.sourceKey,
        gym: school.gym,
        address: school.address,
        city: school.city,
        state: school.state,
        zipCode: school.zipCode,
        latitude: school.latitude,
        longitude: school.longitude,
        phone: school.phone,
        website: school.website ?? before.link,
        dayAndTime: before.dayAndTime,
        communityNotes: school.communityNotes,
        rating: school.rating,
        reviewCount: school.reviewCount,
        isDemo: school.isDemo,
      },
    );
  } catch (error) {
    await undoDecision(db, id);
    throw error;
  }
  const after = { ...before, status: "approved" as const, schoolId, decidedAt: now };
  await db.batch([
    setSubmissionSchool(db, id, schoolId),
    confirmSchool(db, schoolId, now),
    auditStatement(db, {
      decider,
      action: "submission.merge",
      subjectId: id,
      before: { submission: before, school: { id: school.id, dayAndTime: school.dayAndTime } },
      after: {
        submission: after,
        school: { id: school.id, dayAndTime: before.dayAndTime, lastVerifiedAt: now },
      },
      at: now,
    }),
    ...decisionEvent(db, before, decider, { decision: "approved", schoolId }, now),
  ]);
  await decisionMail(
    deps,
    before,
    `Good news: your open mat schedule for ${before.gym} was approved and now shows on ${school.gym}.\n${deps.publicUrl}/api/schools/${schoolId}`,
  );
  return toSubmissionView((await findSubmission(db, id)) as SubmissionRow);
}

/** Reject with a reason: the decision, its audit row and its event are one batch, written only if still pending. */
export async function rejectSubmission(
  deps: SubmissionDeps,
  viewer: PolicyViewer | "cli",
  id: number,
  reason: string,
) {
  if (viewer !== "cli") requireReviewer(viewer);
  const decider: Decider = viewer === "cli" ? { kind: "cli" } : { kind: "admin", id: requireAdminId(viewer) };
  const { db } = deps;
  const before = await loadPending(db, id);
  const now = deps.now();
  const after = { ...before, status: "rejected" as const, reason, decidedAt: now };
  const changed = sql`changes() = 1`;
  const [updated] = await db.batch([
    decideIfPending(db, id, {
      status: "rejected",
      decidedBy: decider.kind === "admin" ? decider.id : null,
      decidedAt: now,
      reason,
    }).returning({ id: sql<number>`id` }),
    auditStatement(
      db,
      { decider, action: "submission.reject", subjectId: id, before, after, at: now },
      changed,
    ),
    ...decisionEvent(db, before, decider, { decision: "rejected", reason }, now, changed),
  ]);
  if (!updated.length) throw decided();
  await decisionMail(
    deps,
    before,
    `Your open mat submission for ${before.gym} was not approved.\nReason: ${reason}`,
  );
  return toSubmissionView((await findSubmission(db, id)) as SubmissionRow);
}

function requireAdminId(viewer: PolicyViewer): number {
  if (viewer.kind === "guest") throw new HttpError(401, adminOnlyApiMessage);
  return viewer.id;
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
