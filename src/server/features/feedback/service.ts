import {
  type CorrectFeedbackInput,
  type FeedbackInput,
  feedbackMessages,
  feedbackReviewMessages,
  type SchoolFeedbackItem,
} from "../../../common/schemas/feedback";
import { submissionMessages } from "../../../common/schemas/submission";
import type { Db } from "../../../db/client";
import { auditStatement } from "../../audit/log";
import { HttpError } from "../../http/errors";
import { limitRule, memberLimitTable } from "../../http/member-limits";
import { hitRate, tooManyRequests } from "../../http/rate-limit";
import { can, requireAccess } from "../../policy/access";
import { adminOnlyApiMessage, requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { requireSchool } from "../owners/service";
import { correctSchool, getSchool, locateSchool, type SchoolGeocoder, schoolRow } from "../schools/service";
import {
  decideIfOpen,
  type FeedbackRow,
  findFeedback,
  insertFeedback,
  listFeedback,
  openFeedbackOf,
  stillOpen,
} from "./queries";

/**
 * Anyone may leave feedback; each member, or a guest's address, is throttled
 * (LIMIT_FEEDBACK_PER_HOUR) so the form cannot be flooded.
 */
export async function submitFeedback(
  db: Db,
  input: FeedbackInput,
  who: { userId: number | null; ip: string },
  now: Date,
  hourlyLimit: number = memberLimitTable["feedback.create"].default,
) {
  const subject = who.userId ? { memberId: who.userId } : { ip: who.ip };
  const state = await hitRate(db, limitRule("feedback.create", subject, hourlyLimit), now.getTime());
  if (!state.allowed) throw tooManyRequests(state);
  if (!(await getSchool(db, input.schoolId))) throw new HttpError(404, "School not found");
  const row = await insertFeedback(db, { ...input, userId: who.userId, submittedAt: now });
  return { id: row?.id, message: feedbackMessages.success };
}

/** Every feedback row with its private comments: the policy keeps this to admins. */
export async function feedbackForAdmins(db: Db, viewer: PolicyViewer) {
  requireAccess(viewer, "feedback.list", { forbidden: adminOnlyApiMessage });
  const rows = await listFeedback(db, 1000);
  return rows.map((r) => ({
    ...r,
    submittedAt: r.submittedAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}

export interface FeedbackReviewDeps {
  db: Db;
  now: () => Date;
  geocoder: SchoolGeocoder;
  timeZoneAt: (latitude: number, longitude: number) => string;
  /** Feedback per member, or per guest's address, per hour (LIMIT_FEEDBACK_PER_HOUR). */
  hourlyLimit?: number;
}

/** The deciding admin's id; the policy has already refused everyone else. */
function reviewer(viewer: PolicyViewer): number {
  requireAccess(viewer, "feedback.review", { forbidden: adminOnlyApiMessage });
  if (viewer.kind === "guest") throw new HttpError(401, adminOnlyApiMessage);
  return viewer.id;
}

const alreadyDecided = () => new HttpError(409, feedbackReviewMessages.alreadyDecided);

async function loadOpen(db: Db, id: number): Promise<FeedbackRow> {
  const row = await findFeedback(db, id);
  if (!row) throw new HttpError(404, feedbackReviewMessages.notFound);
  if (row.status !== "open") throw alreadyDecided();
  return row;
}

const feedbackAudit = (row: FeedbackRow) => ({
  id: row.id,
  schoolId: row.schoolId,
  communityNotes: row.communityNotes,
  privateComments: row.privateComments,
  status: row.status,
});

/**
 * Turns feedback into a correction of its school: the school's fields and sessions, the
 * published note, the schools version, the audit row and the feedback's new state are one
 * batch, each statement written only while the feedback is still open (its claim comes
 * last), so applying twice changes nothing the second time.
 */
export async function applyFeedback(
  deps: FeedbackReviewDeps,
  viewer: PolicyViewer,
  id: number,
  input: CorrectFeedbackInput,
) {
  const adminId = reviewer(viewer);
  return applyOpenFeedback(deps, adminId, await loadOpen(deps.db, id), input);
}

/**
 * The correction itself, by `adminId`: an admin, or one of the school's owners (below), whose
 * change the school's history and its schedule's source then say came from the gym.
 */
async function applyOpenFeedback(
  deps: FeedbackReviewDeps,
  adminId: number,
  item: FeedbackRow,
  input: CorrectFeedbackInput,
  source: "admin" | "gym" = "admin",
) {
  const { db } = deps;
  const { id } = item;
  const school = await schoolRow(db, item.schoolId);
  if (!school) throw new HttpError(404, feedbackReviewMessages.schoolNotFound);
  const moved = input.address !== school.address;
  const found = moved ? await locateSchool(deps.geocoder, { address: input.address } as never) : null;
  if (moved && !(found?.city && found.state)) {
    throw new HttpError(422, submissionMessages.geocodeFailed(input.address));
  }
  const place = found?.city && found.state ? { ...found, city: found.city, state: found.state } : null;
  const now = deps.now();
  const note =
    input.publishNote && item.communityNotes ? { text: item.communityNotes, at: now.toISOString() } : null;
  const fix = {
    gym: input.gym,
    address: input.address,
    dayAndTime: input.dayAndTime,
    website: input.link ?? null,
    ...(input.visitorRules ? { visitorRules: input.visitorRules } : {}),
  };
  const before = {
    feedback: feedbackAudit(item),
    school: {
      id: school.id,
      gym: school.gym,
      address: school.address,
      city: school.city,
      state: school.state,
      latitude: school.latitude,
      longitude: school.longitude,
      website: school.website,
      dayAndTime: school.dayAndTime,
      ...(input.visitorRules ? { visitorRules: JSON.parse(school.visitorRules) as unknown } : {}),
    },
  };
  const after = {
    feedback: { ...before.feedback, status: "applied", notePublished: note !== null },
    school: {
      ...before.school,
      ...fix,
      ...(place && {
        city: place.city,
        state: place.state,
        latitude: place.latitude,
        longitude: place.longitude,
      }),
    },
    publishedNote: note,
  };
  const guard = stillOpen(id);
  const results = await db.batch([
    ...correctSchool(db, school, { ...fix, place, note }, deps.timeZoneAt, now, guard, {
      source,
      userId: adminId,
    }),
    auditStatement(
      db,
      {
        actorId: adminId,
        action: "feedback.apply",
        subjectType: "feedback",
        subjectId: id,
        before,
        after,
        at: now,
      },
      guard,
    ),
    decideIfOpen(db, id, {
      status: "applied",
      decidedBy: adminId,
      decidedAt: now,
      notePublished: note !== null,
    }),
  ]);
  const claimed = results.at(-1) as { id: number }[];
  if (!claimed.length) throw alreadyDecided();
  return { id, status: "applied" as const, schoolId: school.id, message: feedbackReviewMessages.applied };
}

/** Dismisses open feedback: its state and the audit row in one batch, written only if still open. */
export async function dismissFeedback(
  deps: Pick<FeedbackReviewDeps, "db" | "now">,
  viewer: PolicyViewer,
  id: number,
) {
  const adminId = reviewer(viewer);
  return dismissOpenFeedback(deps, adminId, await loadOpen(deps.db, id));
}

/** The dismissal itself, by `adminId` (an admin, or one of the school's owners). */
async function dismissOpenFeedback(
  deps: Pick<FeedbackReviewDeps, "db" | "now">,
  adminId: number,
  item: FeedbackRow,
) {
  const { db } = deps;
  const { id } = item;
  const now = deps.now();
  const before = feedbackAudit(item);
  const [, claimed] = await db.batch([
    auditStatement(
      db,
      {
        actorId: adminId,
        action: "feedback.dismiss",
        subjectType: "feedback",
        subjectId: id,
        before,
        after: { ...before, status: "dismissed" },
        at: now,
      },
      stillOpen(id),
    ),
    decideIfOpen(db, id, { status: "dismissed", decidedBy: adminId, decidedAt: now, notePublished: false }),
  ]);
  if (!claimed.length) throw alreadyDecided();
  return { id, status: "dismissed" as const, message: feedbackReviewMessages.dismissed };
}

// Feedback about a school reaches its owners too (issue 21): they list the school's open
// feedback on its manage page and apply or dismiss it as admins do, through the policy's
// `school.feedback.decide`. Private comments stay with admins (spec §6).

/** The most open items the manage page lists at once. */
const LISTED_MAX = 200;

/** An owner decides the feedback a visitor can read (a public note); an admin, all of it. */
const decidable = (viewer: PolicyViewer, item: { communityNotes: string | null }) =>
  can(viewer, "feedback.list") || Boolean(item.communityNotes);

/** `GET /api/schools/{id}/feedback`: the school's open feedback, newest first. */
export async function schoolFeedback(
  db: Db,
  viewer: PolicyViewer,
  schoolId: number,
): Promise<SchoolFeedbackItem[]> {
  await requireSchool(db, viewer, "school.feedback.decide", schoolId, feedbackReviewMessages.schoolNotFound);
  const admin = can(viewer, "feedback.list");
  const rows = await openFeedbackOf(db, schoolId, LISTED_MAX);
  return rows
    .filter((row) => decidable(viewer, row))
    .map((row) => ({
      id: row.id,
      schoolId: row.schoolId,
      communityNotes: row.communityNotes,
      privateComments: admin ? row.privateComments : null,
      submittedAt: row.submittedAt.toISOString(),
      status: row.status,
      schoolName: row.schoolName,
      schoolSlug: row.schoolSlug,
      address: row.address,
      city: row.city,
      dayAndTime: row.dayAndTime,
      website: row.website,
    }));
}

/** The school's open item, or the answer an admin would get for it: 404 when not this school's, 409 when decided. */
async function openItemOf(db: Db, viewer: PolicyViewer, schoolId: number, id: number) {
  const subject = await requireSchool(
    db,
    viewer,
    "school.feedback.decide",
    schoolId,
    feedbackReviewMessages.schoolNotFound,
  );
  const item = await findFeedback(db, id);
  if (!item || item.schoolId !== schoolId || !decidable(viewer, item))
    throw new HttpError(404, feedbackReviewMessages.notFound);
  if (item.status !== "open") throw alreadyDecided();
  return { item, owner: subject.owner };
}

/** `POST /api/schools/{id}/feedback/{feedbackId}/apply`: the correction, as an admin's. */
export async function applySchoolFeedback(
  deps: FeedbackReviewDeps,
  viewer: PolicyViewer,
  schoolId: number,
  id: number,
  input: CorrectFeedbackInput,
) {
  const { item, owner } = await openItemOf(deps.db, viewer, schoolId, id);
  return applyOpenFeedback(deps, requireMemberId(viewer), item, input, owner ? "gym" : "admin");
}

/** `POST /api/schools/{id}/feedback/{feedbackId}/dismiss`. */
export async function dismissSchoolFeedback(
  deps: FeedbackReviewDeps,
  viewer: PolicyViewer,
  schoolId: number,
  id: number,
) {
  const { item } = await openItemOf(deps.db, viewer, schoolId, id);
  return dismissOpenFeedback(deps, requireMemberId(viewer), item);
}
