/**
 * The manage page (issue 21): a school's owners and admins save its schedule as rows, and its
 * contact fields. The browser's editor checks rows with the same functions before it sends.
 */
import * as v from "valibot";
import { formatSchedule, formatSession } from "../schedule/format";
import { parseSchedule } from "../schedule/parse";
import { compareSessions, sessionKey } from "../schedule/sessions";
import type { Session, UntimedSession } from "../schedule/types";
import type { SchoolFeedbackItem } from "./feedback";
import type { OccurrenceView } from "./schedule-exceptions";
import { isHttpUrl, type SchoolView, schoolMessages } from "./school";
import { inOrder, sessionSchema, untimedSchema } from "./school-schedule";

/** The most open mats (with days listed without a time) one schedule may list. */
export const MANAGED_SESSIONS_MAX = 50;
/** An import reads at most this much schedule text, so a saved schedule's text stays within it. */
export const SCHEDULE_TEXT_MAX = 1000;
export const NOTE_MAX = 100;
export const NOTES_PER_SESSION_MAX = 10;

export const manageTexts = {
  schoolNotFound: "School not found",
  endBeforeStart: "An open mat must end after it starts",
  tooMany: `A schedule can list at most ${MANAGED_SESSIONS_MAX} open mats`,
  textTooLong: `The schedule is too long: its text can be at most ${SCHEDULE_TEXT_MAX} characters`,
  twice: (line: string) => `"${line}" is listed twice`,
  note: `Each note must be 1 to ${NOTE_MAX} characters on one line, at most ${NOTES_PER_SESSION_MAX} a session`,
  readsBack: (line: string) =>
    `"${line}" would not read back the same from the listing's text: change its notes`,
  changedMeanwhile: "The listing changed while you were saving. Reload the page and try again.",
  nothingGiven: "Give a website, a phone number or an address",
  website: "website must be an http:// or https:// URL",
  phone: "The phone number can be at most 40 characters on one line",
  address: "The address can be at most 300 characters on one line",
  scheduleSaved: "Schedule saved",
  contactSaved: "Contact details saved",
} as const;

const ONE_LINE = /^[^\p{Cc}]*$/u;

const notes = v.pipe(
  v.optional(v.array(v.string(manageTexts.note), manageTexts.note), []),
  v.maxLength(NOTES_PER_SESSION_MAX, manageTexts.note),
  v.check(
    (list) => list.every((n) => n.trim() === n && n.length >= 1 && n.length <= NOTE_MAX && ONE_LINE.test(n)),
    manageTexts.note,
  ),
);

/** The owner's own rows carry no reasons to check them. */
const withoutReview = <T extends Session | UntimedSession>({ review: _review, ...s }: T) => s as T;

const timedRow = v.pipe(
  v.looseObject({ notes }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const checked = v.safeParse(sessionSchema, dataset.value);
    if (!checked.success) {
      for (const issue of checked.issues) addIssue({ message: issue.message });
      return NEVER;
    }
    const s = checked.output;
    if (s.end !== null && s.end <= s.start) {
      addIssue({ message: manageTexts.endBeforeStart });
      return NEVER;
    }
    return withoutReview(s);
  }),
);

const untimedRow = v.pipe(
  v.looseObject({ notes }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const checked = v.safeParse(untimedSchema, dataset.value);
    if (!checked.success) {
      for (const issue of checked.issues) addIssue({ message: issue.message });
      return NEVER;
    }
    return withoutReview(checked.output);
  }),
);

/** The same sessions, in the parser's order and field order, for comparing two readings. */
const normalised = (list: readonly (Session | UntimedSession)[]) =>
  JSON.stringify([...list].map((s) => inOrder(withoutReview(s))).sort(compareSessions));

/**
 * What keeps rows from being saved as they are: too many, one listed twice, text too long, or
 * a row whose text would read back as something else (the listing's text is written from the
 * rows, and `parseSchedule` of it must give the rows again). Null when they can be saved.
 */
export function scheduleProblem(sessions: readonly Session[], untimed: readonly UntimedSession[]) {
  const all = [...sessions, ...untimed];
  if (all.length > MANAGED_SESSIONS_MAX) return manageTexts.tooMany;
  const seen = new Set<string>();
  for (const s of all) {
    const key = `${s.start === null ? "untimed" : "timed"}|${sessionKey(s)}`;
    if (seen.has(key)) return manageTexts.twice(formatSession(s));
    seen.add(key);
  }
  for (const s of all) {
    const alone = s.start === null ? { sessions: [], untimed: [s] } : { sessions: [s], untimed: [] };
    const read = parseSchedule(formatSchedule(alone));
    if (normalised([...read.sessions, ...(read.untimed ?? [])]) !== normalised([s]))
      return manageTexts.readsBack(formatSession(s));
  }
  const text = scheduleText(sessions, untimed);
  if (text.length > SCHEDULE_TEXT_MAX) return manageTexts.textTooLong;
  const read = parseSchedule(text);
  if (
    normalised(read.sessions) !== normalised(sessions) ||
    normalised(read.untimed ?? []) !== normalised(untimed)
  )
    return manageTexts.readsBack(text);
  return null;
}

/** The listing's text written from its rows; "No open mat" when there are none. */
export const scheduleText = (sessions: readonly Session[], untimed: readonly UntimedSession[]) =>
  formatSchedule({ sessions: [...sessions], untimed, noOpenMat: sessions.length + untimed.length === 0 });

/** `PUT /api/schools/{id}/schedule {sessions, untimed?}`: the schedule as rows. */
export const scheduleSaveSchema = v.pipe(
  v.object({
    sessions: v.pipe(
      v.array(timedRow, manageTexts.tooMany),
      v.maxLength(MANAGED_SESSIONS_MAX, manageTexts.tooMany),
    ),
    untimed: v.pipe(
      v.optional(v.array(untimedRow, manageTexts.tooMany), []),
      v.maxLength(MANAGED_SESSIONS_MAX, manageTexts.tooMany),
    ),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = scheduleProblem(dataset.value.sessions, dataset.value.untimed);
    if (problem) addIssue({ message: problem });
  }),
);
export type ScheduleSaveInput = v.InferOutput<typeof scheduleSaveSchema>;

const lineOf = (max: number, message: string) =>
  v.pipe(v.string(message), v.trim(), v.maxLength(max, message), v.regex(ONE_LINE, message));

/**
 * `PATCH /api/schools/{id}/contact {website?, phone?, address?}`: a field left out stays; an
 * empty website or phone (or null) clears it; an address is found on the map again.
 */
export const contactSchema = v.pipe(
  v.object({
    website: v.nullish(
      v.pipe(
        lineOf(500, manageTexts.website),
        v.check((s) => s === "" || isHttpUrl(s), manageTexts.website),
      ),
    ),
    phone: v.nullish(lineOf(40, manageTexts.phone)),
    address: v.optional(v.pipe(lineOf(300, manageTexts.address), v.nonEmpty(schoolMessages.addressRequired))),
  }),
  v.check(
    (c) => c.website !== undefined || c.phone !== undefined || c.address !== undefined,
    manageTexts.nothingGiven,
  ),
);
export type ContactInput = v.InferOutput<typeof contactSchema>;

/** What the manage page renders with; the island starts from it and asks the API after each change. */
export interface ManagePageData {
  school: SchoolView;
  /** The gym's own date today (YYYY-MM-DD): pasted text's dates without a year are placed from it. */
  today: string;
  /** The next four weeks' open mats, as `GET /api/schools/{id}/occurrences` lists them. */
  occurrences: OccurrenceView[];
  /** The school's open feedback; null when it could not be read (the island asks again). */
  feedback: SchoolFeedbackItem[] | null;
}
