/**
 * The start and end of one time slot ("11-1pm", "12am", "until 8"), and the reasons a person
 * should check the reading: wherever the parser chose between readings, it says so.
 */
import {
  asNoon,
  type ClockTime,
  forwardDistance,
  isClockTwelve,
  isWrittenTwelveAm,
  resolveAfter,
  resolveBefore,
  resolveLoneTime,
  resolveRange,
  withMeridiem,
} from "./clock.ts";
import { formatTime } from "./format.ts";
import type { DayPart } from "./vocabulary.ts";

export interface SlotTimes {
  /** Null for an end with no start ("until 8 PM"). */
  start: number | null;
  end: number | null;
  review: string[];
  /** Whether am/pm was chosen by the parser rather than written. */
  guessed: boolean;
}

/** Longest session that makes "12am-…" read as noon; past that the end says it really is night ("12am-2am"). */
const MAX_NOON_SESSION_MINUTES = 6 * 60;
/** A start from 5 AM to noon is a morning session: its "12am" end is a slip for noon. */
const MORNING_FROM = 5 * 60;
const NOON = 12 * 60;

const reasons = {
  noonStart: (written: string) => `"${written}": 12am read as noon, a midnight open mat is unlikely`,
  nightStart: (written: string) =>
    `"${written}": read as starting at midnight, which is unlikely for an open mat`,
  noonEnd: (written: string) => `"${written}": 12am read as noon, the end of a morning session`,
  amPm: (written: string, reading: string) => `"${written}": am or pm is not written; read as ${reading}`,
  doubt: (written: string, mark: string) => `"${written}": the text is not sure of this ("${mark}")`,
};

/** "11ish-1": the reason for a time written only roughly. */
function roughly(times: readonly (ClockTime | null)[], written: string): string[] {
  const mark = times.find((time) => time?.approximate)?.approximate;
  return mark ? [reasons.doubt(written, mark)] : [];
}

/**
 * A start written "12am" is read as noon ("12:00am - 2:00pm", or alone) unless the end puts
 * the session in the night ("12am-2am", "12-1am"); an end written "12am" after a morning start
 * is noon ("10am-12am"). Either way the slot carries a reason. So does any time whose am/pm
 * neither the text nor the other end of its range gives ("Sat 7", "11-1").
 */
export function slotTimes(
  first: ClockTime,
  second: ClockTime | null,
  written: string,
  neighbours: { before?: number | null; after?: number | null } = {},
  dayPart: DayPart | null = null,
): SlotTimes {
  // "6 & 7pm", "11am, 1": a lone time beside one with am/pm takes the reading next to it.
  const { before, after } = neighbours;
  if (!second && first.fixed === null && !isClockTwelve(first) && (before != null || after != null)) {
    const start = after != null ? resolveBefore(first, after) : resolveAfter(first, before ?? 0);
    return { start, end: null, review: roughly([first], written), guessed: false };
  }
  const read = (start: ClockTime, end: ClockTime | null) =>
    end ? resolveRange(start, end) : { start: resolveLoneTime(start), end: null };
  const review: string[] = [];
  let times: { start: number; end: number | null } = read(first, second);
  let twelveHandled = false;
  if (isClockTwelve(first) && times.start < 60) {
    const noon = read(asNoon(first), second);
    const readAsNoon = noon.end === null || forwardDistance(noon.start, noon.end) <= MAX_NOON_SESSION_MINUTES;
    if (readAsNoon) times = noon;
    review.push(readAsNoon ? reasons.noonStart(written) : reasons.nightStart(written));
    twelveHandled = true;
  } else if (second && isWrittenTwelveAm(second)) {
    const noonEnd = read(first, asNoon(second));
    if (noonEnd.start >= MORNING_FROM && noonEnd.start < NOON) {
      times = noonEnd;
      review.push(reasons.noonEnd(written));
      twelveHandled = true;
    }
  }
  // "Friday nights 7-9", "Saturday morning 9": the words say what am/pm does not.
  const unwritten = first.fixed === null && (second === null || second.fixed === null);
  const inDayPart = (start: number) => dayPart !== null && start >= dayPart.from && start < dayPart.to;
  let saidByDayPart = false;
  if (unwritten && !twelveHandled && dayPart) {
    const fitting = (["am", "pm"] as const)
      .map((meridiem) => read(withMeridiem(first, meridiem), second))
      .find((reading) => inDayPart(reading.start));
    if (fitting) times = fitting;
    saidByDayPart = fitting !== undefined;
  }
  const chosen = unwritten && !saidByDayPart;
  if (chosen && !twelveHandled) {
    const reading =
      times.end === null ? formatTime(times.start) : `${formatTime(times.start)}–${formatTime(times.end)}`;
    review.push(reasons.amPm(written, reading));
  }
  return { ...times, review: [...review, ...roughly([first, second], written)], guessed: chosen };
}

/** "until 8 PM": an end with no start ("Thursday nights until 9": 9 PM, said by "nights"). */
export function endOnlyTimes(end: ClockTime, written: string, dayPart: DayPart | null = null): SlotTimes {
  const fitting =
    end.fixed === null && dayPart
      ? (["am", "pm"] as const)
          .map((meridiem) => resolveLoneTime(withMeridiem(end, meridiem)))
          .find((minutes) => minutes > dayPart.from && minutes <= dayPart.to)
      : undefined;
  const minutes = fitting ?? resolveLoneTime(end);
  const guessed = end.fixed === null && fitting === undefined;
  const review = guessed ? [reasons.amPm(written, formatTime(minutes))] : [];
  return { start: null, end: minutes, review: [...review, ...roughly([end], written)], guessed };
}
