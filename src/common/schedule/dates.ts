/**
 * Calendar dates as gyms write them ("March 29", "Sat, Sep 7th, 2026", "3/29", "2026-03-29"),
 * placed in a year and checked. Dates are plain "YYYY-MM-DD" strings, computed on UTC so that
 * no time zone can move a day.
 */
import type { Weekday } from "./types.ts";

export interface WrittenDate {
  month: number;
  day: number;
  /** Null when the text gives no year. */
  year: number | null;
}

/** A date as the text gave it: placed in a year (`iso`), or why it could not be. */
export type PlacedDate = { iso: string; problem?: undefined } | { iso: null; problem: string };

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTH_WORDS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
export const MONTH_PATTERN = `(?:${MONTH_WORDS})\\.?`;
const DAY = "([12]\\d|3[01]|0?[1-9])(?:st|nd|rd|th)?";
const YEAR = "(?:,?\\s+(20\\d\\d))?";
const END = "(?![\\p{L}\\p{N}])";
const sticky = (source: string) => new RegExp(source, "iuy");

const MONTH_FIRST = sticky(`(${MONTH_WORDS})\\.?\\s+${DAY}${YEAR}${END}`);
const DAY_FIRST = sticky(`${DAY}\\s+(?:of\\s+)?(${MONTH_WORDS})\\.?${YEAR}${END}`);
// "3/29", "3/29/26": month first, as in the US. Never followed by a letter ("6/7pm" is two times).
const NUMERIC = sticky(`(\\d{1,2})\\/(\\d{1,2})(?:\\/(\\d{4}|\\d{2}))?${END}(?!\\/)`);
const ISO = sticky(`(20\\d\\d)-(\\d\\d)-(\\d\\d)${END}`);
const MONTH_ALONE = sticky(`(${MONTH_WORDS})\\.?(?:\\s+(20\\d\\d))?${END}`);

export function monthNumber(word: string): number {
  return MONTH_NAMES.findIndex((name) => word.toLowerCase().startsWith(name.toLowerCase())) + 1;
}

/** Reads a date starting exactly at `index`: it must exist (a written "Feb 30" is no date). */
export function matchDateAt(text: string, index: number): { date: WrittenDate; length: number } | null {
  const at = (pattern: RegExp) => {
    pattern.lastIndex = index;
    return pattern.exec(text);
  };
  const iso = at(ISO);
  const monthFirst = iso ? null : at(MONTH_FIRST);
  const dayFirst = iso || monthFirst ? null : at(DAY_FIRST);
  const numeric = iso || monthFirst || dayFirst ? null : at(NUMERIC);
  let date: WrittenDate | null = null;
  if (iso) date = { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  else if (monthFirst) date = written(monthNumber(monthFirst[1] ?? ""), monthFirst[2], monthFirst[3]);
  else if (dayFirst) date = written(monthNumber(dayFirst[2] ?? ""), dayFirst[1], dayFirst[3]);
  else if (numeric) date = written(Number(numeric[1]), numeric[2], numeric[3]);
  const match = iso ?? monthFirst ?? dayFirst ?? numeric;
  if (!date || !match || !exists(date)) return null;
  return { date, length: match[0].length };
}

/** A month named alone ("March", "Sept 2026"), for seasons: "starting in March". */
export function matchMonthAt(
  text: string,
  index: number,
): { month: number; year: number | null; length: number } | null {
  MONTH_ALONE.lastIndex = index;
  const match = MONTH_ALONE.exec(text);
  if (!match) return null;
  return {
    month: monthNumber(match[1] ?? ""),
    year: match[2] ? Number(match[2]) : null,
    length: match[0].length,
  };
}

function written(month: number, day: string | undefined, year: string | undefined): WrittenDate {
  const yearNumber = year === undefined ? null : Number(year) + (year.length === 2 ? 2000 : 0);
  return { month, day: Number(day), year: yearNumber };
}

function exists({ year, month, day }: WrittenDate): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // With no year, February 29 may be meant for a leap year.
  return day <= daysInMonth(year ?? 2000, month);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function utc(iso: string): Date {
  const [year, month, day] = iso.split("-").map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
}

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number);
  return exists({ year: year ?? 0, month: month ?? 0, day: day ?? 0 });
}

export function weekdayOfDate(iso: string): Weekday {
  return utc(iso).getUTCDay() as Weekday;
}

export function addDays(iso: string, days: number): string {
  const date = utc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A date written without a year may be up to this many days past and still be meant. */
export const RECENT_PAST_DAYS = 7;

/**
 * Places a written date in a year: its own, or the next such date on or after a few days
 * before `today`. Without either, it stays unplaced, and says why.
 */
export function placeDate(date: WrittenDate, writtenText: string, today: string | undefined): PlacedDate {
  if (date.year !== null) {
    if (!exists(date)) return { iso: null, problem: `"${writtenText}": there is no such date` };
    return { iso: isoDate(date.year, date.month, date.day) };
  }
  if (!isIsoDate(today)) {
    return { iso: null, problem: `"${writtenText}": no year is written, so the date cannot be placed` };
  }
  const earliest = addDays(today, -RECENT_PAST_DAYS);
  const firstYear = Number(earliest.slice(0, 4));
  for (const year of [firstYear, firstYear + 1, firstYear + 2, firstYear + 3, firstYear + 4]) {
    if (!exists({ year, month: date.month, day: date.day })) continue;
    const iso = isoDate(year, date.month, date.day);
    if (iso >= earliest) return { iso };
  }
  return { iso: null, problem: `"${writtenText}": there is no such date` };
}

/**
 * For a season's bounds ("starting March 7", "through May"): of the years around `today`, the
 * one that puts the date nearest to it, so a season already running keeps its start.
 */
export function placeNearest(date: WrittenDate, writtenText: string, today: string | undefined): PlacedDate {
  if (date.year !== null || !isIsoDate(today)) return placeDate(date, writtenText, today);
  const year = Number(today.slice(0, 4));
  const distance = (iso: string) => Math.abs(utc(iso).getTime() - utc(today).getTime());
  const candidates = [year - 1, year, year + 1]
    .filter((candidate) => exists({ year: candidate, month: date.month, day: date.day }))
    .map((candidate) => isoDate(candidate, date.month, date.day));
  const [nearest] = candidates.sort((a, b) => distance(a) - distance(b));
  return nearest ? { iso: nearest } : { iso: null, problem: `"${writtenText}": there is no such date` };
}

/** The first such date on or after `start` ("Sept 1 – May 31": May after September). */
export function placeOnOrAfter(date: WrittenDate, writtenText: string, start: string): PlacedDate {
  if (date.year !== null) return placeDate(date, writtenText, undefined);
  const year = Number(start.slice(0, 4));
  for (const candidate of [year, year + 1, year + 2, year + 3, year + 4]) {
    if (!exists({ year: candidate, month: date.month, day: date.day })) continue;
    const iso = isoDate(candidate, date.month, date.day);
    if (iso >= start) return { iso };
  }
  return { iso: null, problem: `"${writtenText}": there is no such date` };
}

/** "Mar 29, 2026". */
export function formatDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  return `${MONTH_NAMES[(month ?? 1) - 1]} ${day}, ${year}`;
}
