import type { VisitorRules } from "../schemas/visitor-rules";

/** 0 = Sunday … 6 = Saturday, the same numbering as `Date.prototype.getDay`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Which weekday of the month: 1st … 5th, or -1 for the last. */
export type Ordinal = 1 | 2 | 3 | 4 | 5 | -1;

/**
 * One open-mat session, in the school's own local wall-clock time. Without `ordinals` or
 * `date` it recurs every week; `from`/`until` bound it to a season.
 */
export interface Session {
  /** For a dated session, its date's weekday. */
  weekday: Weekday;
  /** Minutes after local midnight, 0–1439. */
  start: number;
  /** Minutes after local midnight, or null when the gym gave no end time. Smaller than `start` means the session runs past midnight. */
  end: number | null;
  /** Normalised notes ('Gi', 'No-Gi', 'Members only', …) or verbatim parenthetical text. */
  notes: string[];
  /** Monthly: "1st and 3rd Saturday" is [1, 3], "last Sunday" is [-1]. Ascending, last at the end. */
  ordinals?: Ordinal[];
  /** A one-off on this date, "YYYY-MM-DD". */
  date?: string;
  /** A season: the first date, "YYYY-MM-DD". */
  from?: string;
  /** A season: the last date, "YYYY-MM-DD". */
  until?: string;
  /** This session's own reasons for a person to check it (am/pm not written, a "?", …). */
  review?: string[];
  /** This session's own visitor rules, where they differ from the school's (issue 21). */
  rules?: VisitorRules;
}

/**
 * A day named with no start time: "Saturdays (call for times)", "Open mat Sunday", or an end
 * with no start ("Friday until 8 PM"). Kept apart from `sessions` rather than as a session
 * whose `start` is null, so that everything that reads `sessions` (open now, the .ics, the
 * listing) keeps holding a start time by its type.
 */
export interface UntimedSession extends Omit<Session, "start"> {
  start: null;
  timeNotListed: true;
}

export interface ParseOptions {
  /**
   * "YYYY-MM-DD": dates written without a year ("Saturday, March 29") are read as the next
   * such date on or after a few days before this one. Without it they stay unread.
   */
  today?: string;
}

export interface ParsedSchedule {
  /** Sorted by weekday, then start, then end; no two share weekday, start, end, ordinals, date and season. */
  sessions: Session[];
  /** Days named with no start time, sorted by weekday. Absent when there are none. */
  untimed?: UntimedSession[];
  /** Exact pieces of the input that could not be read, or read but not placed; never guessed at. */
  unparsed: string[];
  /** True when nothing parsed into a session and the text says there is no public open mat. */
  noOpenMat: boolean;
  /**
   * Readings a person should check before the schedule goes live (a "12am" start read as
   * noon, am/pm not written, a date without a year, …), one plain-language reason each:
   * every session's own reasons and those for text left unread. Absent when there is nothing
   * to check.
   */
  review?: string[];
}
