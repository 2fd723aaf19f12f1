/**
 * Deciding feedback: an admin (or, through school-feedback.ts, one of the school's owners)
 * turns an item into a correction of its school or dismisses it, each decision one batch
 * guarded by the item still being open.
 */
import { type CorrectFeedbackInput, feedbackReviewMessages } from "../../../common/schemas/feedback";
import { submissionMessages } from "../../../common/schemas/submission";
import type { Db } from "../../../db/client";
import { auditStatement } from "../../audit/log";
import { HttpError } from "../../http/errors";
import { requireAccess } from "../../policy/access";
import { adminOnlyApiMessage } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { correctSchool, locateSchool, type SchoolGeocoder, schoolRow } from "../schools/service";
import { decideIfOpen, type FeedbackRow, findFeedback, stillOpen } from "./queries";

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

export const alreadyDecided = () => new HttpError(409, feedbackReviewMessages.alreadyDecided);

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
  ...(row.visitorRules ? { visitorRules: JSON.parse(row.visitorRules) as unknown } : {}),
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
 * The correction itself, by `adminId`: an admin, or one of the school's owners, whose
 * change the school's history and its schedule's source then say came from the gym.
 */
export async function applyOpenFeedback(
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
export async function dismissOpenFeedback(
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
