/**
 * Feedback about a school reaches its owners too (issue 21): they list the school's open
 * feedback on its manage page and apply or dismiss it as admins do, through the policy's
 * `school.feedback.decide`. Private comments stay with admins (spec §6); suggested visitor
 * rules are public information about the gym, so owners see those.
 */
import {
  type CorrectFeedbackInput,
  feedbackReviewMessages,
  type SchoolFeedbackItem,
} from "../../../common/schemas/feedback";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { can } from "../../policy/access";
import { requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { requireSchool } from "../owners/service";
import { findFeedback, openFeedbackOf } from "./queries";
import { alreadyDecided, applyOpenFeedback, dismissOpenFeedback, type FeedbackReviewDeps } from "./review";
import { schoolRulesOf, suggestedRules } from "./rules";

/** The most open items the manage page lists at once. */
const LISTED_MAX = 200;

/**
 * An owner decides what a visitor could know (a public note, suggested visitor rules); an
 * admin, all of it.
 */
const decidable = (
  viewer: PolicyViewer,
  item: { communityNotes: string | null; visitorRules: string | null },
) => can(viewer, "feedback.list") || Boolean(item.communityNotes || suggestedRules(item.visitorRules));

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
      visitorRules: suggestedRules(row.visitorRules),
      schoolVisitorRules: schoolRulesOf(row.schoolVisitorRules),
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
