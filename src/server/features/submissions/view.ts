import type { Session } from "../../../common/schedule/types";
import type { WeekdayName } from "../../../common/schemas/submission";
import type { SubmissionRow } from "./queries";

export const jsonOr = <T>(text: string | null, fallback: T): T => {
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
