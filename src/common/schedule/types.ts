/** 0 = Sunday … 6 = Saturday, the same numbering as `Date.prototype.getDay`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** One weekly open-mat session, in the school's own local wall-clock time. */
export interface Session {
  weekday: Weekday;
  /** Minutes after local midnight, 0–1439. */
  start: number;
  /** Minutes after local midnight, or null when the gym gave no end time. Smaller than `start` means the session runs past midnight. */
  end: number | null;
  /** Normalised notes ('Gi', 'No-Gi', 'Members only', …) or verbatim parenthetical text. */
  notes: string[];
}

export interface ParsedSchedule {
  /** Sorted by weekday, then start, then end; no two share weekday, start and end. */
  sessions: Session[];
  /** Exact pieces of the input that could not be read; never guessed at. */
  unparsed: string[];
  /** True when nothing parsed into a session and the text says there is no public open mat. */
  noOpenMat: boolean;
  /**
   * Readings a person should check before the schedule goes live (a "12am" start read as
   * noon, …), one plain-language reason each. Absent when there is nothing to check.
   */
  review?: string[];
}
