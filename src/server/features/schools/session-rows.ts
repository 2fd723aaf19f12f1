/**
 * Sessions between the parser's shape and their rows: weekly, monthly by ordinal weekday,
 * dated and seasonal sessions each keep their kind in `open_mat_sessions`; days named with no
 * time go to the school's `schedule_untimed`.
 */
import { dayFlags } from "../../../common/schedule/format";
import { parseSchedule } from "../../../common/schedule/parse";
import type {
  Ordinal,
  ParsedSchedule,
  Session,
  UntimedSession,
  Weekday,
} from "../../../common/schedule/types";
import type { VisitorRules } from "../../../common/schemas/visitor-rules";
import type { SessionRow } from "./queries";

/** The schedule as stored: every kind the parser reads, dates without a year placed from `now`. */
export function readSchedule(text: string, now: Date): ParsedSchedule {
  return parseSchedule(text, { today: now.toISOString().slice(0, 10) });
}

const jsonOrNull = (values: readonly unknown[] | undefined) =>
  values && values.length > 0 ? JSON.stringify(values) : null;

/** The rows of a parse's sessions, for one school. */
export const sessionRows = (parsed: ParsedSchedule) =>
  parsed.sessions.map((s) => ({
    weekday: s.weekday,
    startMinute: s.start,
    endMinute: s.end,
    notes: JSON.stringify(s.notes),
    ordinals: jsonOrNull(s.ordinals),
    onDate: s.date ?? null,
    seasonFrom: s.from ?? null,
    seasonUntil: s.until ?? null,
    review: JSON.stringify(s.review ?? []),
  }));

/** What `schools.schedule_untimed` holds for a parse. */
export const untimedColumn = (parsed: ParsedSchedule) => JSON.stringify(parsed.untimed ?? []);

/**
 * The days a school is listed under by the day filters: every weekly, monthly and seasonal
 * session's day ("a monthly Thursday is a Thursday"), a day whose time is not listed, and a
 * dated session's day while its date is still ahead.
 */
export function scheduleDayFlags(parsed: ParsedSchedule, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const current = (s: { date?: string; until?: string }) =>
    (s.date === undefined || s.date >= today) && (s.until === undefined || s.until >= today);
  return dayFlags([...parsed.sessions, ...(parsed.untimed ?? [])].filter(current));
}

type SessionFields = Pick<
  SessionRow,
  | "weekday"
  | "startMinute"
  | "endMinute"
  | "notes"
  | "ordinals"
  | "onDate"
  | "seasonFrom"
  | "seasonUntil"
  | "review"
> & { visitorRules?: string | null };

/**
 * A stored session as the API's Session; its review reasons only while the schedule's text
 * is unconfirmed (`withReview`).
 */
export function toSession(row: SessionFields, withReview = true): Session {
  const review = withReview ? (JSON.parse(row.review) as string[]) : [];
  return {
    weekday: row.weekday as Weekday,
    start: row.startMinute,
    end: row.endMinute,
    notes: JSON.parse(row.notes) as string[],
    ...(row.ordinals ? { ordinals: JSON.parse(row.ordinals) as Ordinal[] } : {}),
    ...(row.onDate ? { date: row.onDate } : {}),
    ...(row.seasonFrom ? { from: row.seasonFrom } : {}),
    ...(row.seasonUntil ? { until: row.seasonUntil } : {}),
    ...(review.length > 0 ? { review } : {}),
    ...(row.visitorRules ? { rules: JSON.parse(row.visitorRules) as VisitorRules } : {}),
  };
}

/** The school's days named with no time, review reasons dropped once the text is confirmed. */
export function untimedOf(column: string, withReview = true): UntimedSession[] {
  const untimed = JSON.parse(column) as UntimedSession[];
  if (withReview) return untimed;
  return untimed.map(({ review: _review, ...rest }) => rest);
}
