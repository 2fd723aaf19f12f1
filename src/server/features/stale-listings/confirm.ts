import { sql } from "drizzle-orm";
import {
  type ScheduleConfirmation,
  type ScheduleConfirmInput,
  scheduleReviewTexts,
} from "../../../common/schemas/schedule-review";
import type { Db } from "../../../db/client";
import { auditStatement } from "../../audit/log";
import { HttpError } from "../../http/errors";
import { requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { requireSchool } from "../owners/service";
import { bumpSchoolsVersionIfChanged, schoolsChanged } from "../schools/service";
import * as q from "./queries";

/**
 * POST /api/admin/schools/{id}/schedule/confirm: an admin (later an owner, through the same
 * rule) confirms the school's schedule as read, so its "check with the gym" marks go and it
 * leaves the flagged list, until its text changes. With `dayAndTime`, only that text is
 * confirmed: 409 when the school's text is another by now. The confirmation, its audit row
 * and the schools version's bump are one batch, the last two written only when the first
 * changed the row; confirming again (even at the same moment) answers the same, writing nothing.
 */
export async function confirmSchedule(
  db: Db,
  viewer: PolicyViewer,
  now: Date,
  schoolId: number,
  input: ScheduleConfirmInput,
): Promise<ScheduleConfirmation> {
  await requireSchool(db, viewer, "school.confirmSchedule", schoolId, scheduleReviewTexts.schoolNotFound);
  const admin = requireMemberId(viewer);
  const before = await q.scheduleTexts(db, schoolId);
  if (!before) throw new HttpError(404, scheduleReviewTexts.schoolNotFound);
  const text = input.dayAndTime ?? before.dayAndTime;
  if (text !== before.dayAndTime) throw new HttpError(409, scheduleReviewTexts.textChanged);
  const answer: ScheduleConfirmation = { schoolId, dayAndTime: text, confirmed: true };
  if (before.confirmedText === text) return answer;
  schoolsChanged(db);
  await db.batch([
    q.confirmText(db, schoolId, text, now),
    auditStatement(
      db,
      {
        actorId: admin,
        action: "schedule.confirm",
        subjectType: "school",
        subjectId: schoolId,
        before: { gym: before.gym, confirmedText: before.confirmedText },
        after: { gym: before.gym, confirmedText: text },
        at: now,
      },
      sql`changes() = 1`,
    ),
    bumpSchoolsVersionIfChanged(db),
  ]);
  schoolsChanged(db);
  const after = await q.scheduleTexts(db, schoolId);
  if (!after) throw new HttpError(404, scheduleReviewTexts.schoolNotFound);
  // The text changed between the read and the batch: what was read is not what is there.
  if (after.dayAndTime !== text || after.confirmedText !== text)
    throw new HttpError(409, scheduleReviewTexts.textChanged);
  return answer;
}
