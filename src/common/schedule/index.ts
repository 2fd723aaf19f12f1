export {
  type DayFlags,
  dayFlags,
  formatDays,
  formatSchedule,
  formatTime,
  NO_OPEN_MAT_TEXT,
} from "./format.ts";
export {
  isOpenMatNow,
  nextOpenMat,
  OPEN_AFTER_START_MINUTES,
  OPEN_BEFORE_START_MINUTES,
  type OpenMatOccurrence,
  type OpenMatStatus,
  openMatStatus,
} from "./open-now.ts";
export { parseSchedule } from "./parse.ts";
export type { Ordinal, ParsedSchedule, ParseOptions, Session, UntimedSession, Weekday } from "./types.ts";
export { NOTE } from "./vocabulary.ts";
export { isValidTimeZone } from "./zoned-time.ts";
