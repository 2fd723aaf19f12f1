import * as v from "valibot";
import {
  exceptionSchema,
  jsonList,
  jsonValue,
  shortText,
  transferSessionSchema,
  transferTexts,
  untimedSchema,
} from "./school-schedule";
import { isHttpUrl } from "./url";
import { type VisitorRules, visitorRulesSchema } from "./visitor-rules";

/** Spec §5 "Open mat form" messages. */
export const schoolMessages = {
  gymRequired: "Gym name is required",
  addressRequired: "Full address is required (Street, City, State)",
  scheduleRequired: "Day and time information is required",
  emailInvalid: "Please enter a valid email address",
} as const;

// Callers read it from here; it lives in url.ts so that visitor-rules.ts need not import this file.
export { isHttpUrl };

/** A link a page may show: the URL when it is http(s), null otherwise. */
export const httpUrlOrNull = (value: string | null | undefined) => (value && isHttpUrl(value) ? value : null);

const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LF = /[^\P{Cc}\n]/u;
/** Text that may span lines: CR LF and CR become LF, tabs spaces. */
const normaliseBreaks = (s: string) => s.replace(/\r\n?/g, "\n").replace(/\t/g, " ");

/**
 * One-line text refuses every control character (a CR or LF in a name would add lines
 * to a calendar); text that may span lines keeps its line breaks and refuses the rest.
 */
const controls = (name: string, lines: boolean) =>
  v.check(
    (s: string) => !(lines ? CONTROL_BUT_LF : CONTROL).test(s),
    lines
      ? `${name} must not contain control characters`
      : `${name} must not contain line breaks or control characters`,
  );

// Optional fields accept null too: exports write null for "not given".
const optionalText = (name: string, max: number, kind: "line" | "url" | "lines" = "line") =>
  v.nullish(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max),
      v.transform((s: string) => (kind === "lines" ? normaliseBreaks(s) : s)),
      controls(name, kind === "lines"),
      v.check(
        (s: string) => kind !== "url" || s === "" || isHttpUrl(s),
        `${name} must be an http:// or https:// URL`,
      ),
      v.transform((s: string) => s || undefined),
    ),
  );

const optionalNumber = (min: number, max: number, name: string) =>
  v.nullish(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(), v.transform(Number))]),
      v.number(`${name} must be a number`),
      v.minValue(min, `${name} must be between ${min} and ${max}`),
      v.maxValue(max, `${name} must be between ${min} and ${max}`),
    ),
  );

// A missing required field reads as "" so that it gets the spec's own message.

/** One school as a submission, an import row or an export row carries it. */
export const schoolInputSchema = v.object({
  key: optionalText("key", 200),
  gym: v.pipe(
    v.optional(v.string(schoolMessages.gymRequired), ""),
    v.trim(),
    v.nonEmpty(schoolMessages.gymRequired),
    v.maxLength(200),
    controls("gym", false),
  ),
  address: v.pipe(
    v.optional(v.string(schoolMessages.addressRequired), ""),
    v.trim(),
    v.nonEmpty(schoolMessages.addressRequired),
    v.maxLength(300),
    controls("address", false),
  ),
  dayAndTime: v.pipe(
    v.optional(v.string(schoolMessages.scheduleRequired), ""),
    v.trim(),
    v.nonEmpty(schoolMessages.scheduleRequired),
    v.maxLength(1000),
    v.transform(normaliseBreaks),
    controls("dayAndTime", true),
  ),
  link: optionalText("link", 500, "url"),
  website: optionalText("website", 500, "url"),
  communityNotes: optionalText("communityNotes", 2000, "lines"),
  emailForConfirmation: v.nullish(
    v.union(
      [v.literal(""), v.pipe(v.string(), v.trim(), v.email(schoolMessages.emailInvalid))],
      schoolMessages.emailInvalid,
    ),
  ),
  phone: optionalText("phone", 40),
  city: optionalText("city", 100),
  state: optionalText("state", 40),
  zipCode: optionalText("zipCode", 10),
  latitude: optionalNumber(-90, 90, "latitude"),
  longitude: optionalNumber(-180, 180, "longitude"),
  rating: optionalNumber(0, 5, "rating"),
  reviewCount: optionalNumber(0, 10_000_000, "reviewCount"),
  // The stored reading of dayAndTime (an export's): kept as given; without `sessions` the
  // import reads dayAndTime itself.
  sessions: jsonList("sessions", transferSessionSchema, 500),
  untimed: jsonList("untimed", untimedSchema, 50),
  scheduleUnparsed: jsonList("scheduleUnparsed", shortText("scheduleUnparsed", 1000), 50),
  scheduleConfirmed: v.nullish(
    v.union(
      [
        v.boolean(),
        v.pipe(
          v.picklist(["true", "false"]),
          v.transform((s) => s === "true"),
        ),
      ],
      transferTexts.confirmed,
    ),
  ),
  exceptions: v.pipe(
    jsonList("exceptions", exceptionSchema, 500),
    v.check(
      (list) => !list || new Set(list.map((e) => `${e.date}@${e.startMinute}`)).size === list.length,
      transferTexts.slotTwice,
    ),
  ),
  // The school's visitor rules (issue 21), an object (JSON text in a CSV cell): stored as given,
  // `{}` clearing them; absent or an empty cell is "not given", and a school keeps its rules.
  visitorRules: jsonValue("visitorRules", visitorRulesSchema),
});

export type SchoolInput = v.InferOutput<typeof schoolInputSchema>;

/** A community note from feedback an admin applied and published on the school: its text and date. */
export interface CommunityNote {
  text: string;
  /** When it was published (ISO). */
  at: string;
}

/** The API's school (spec §3): the spec's fields plus what the structured schedule adds. */
export interface SchoolView {
  id: number;
  slug: string;
  gym: string;
  location: string;
  address: string;
  city: string;
  state: string;
  zipCode: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
  phone: string | null;
  website: string | null;
  dayAndTime: string;
  communityNotes: string | null;
  /** Published notes of applied feedback, oldest first; absent when there are none. */
  feedbackNotes?: CommunityNote[];
  rating: number | null;
  reviewCount: number;
  monday: boolean;
  tuesday: boolean;
  wednesday: boolean;
  thursday: boolean;
  friday: boolean;
  saturday: boolean;
  sunday: boolean;
  noOpenMat: boolean;
  scheduleUnparsed: string[];
  sessions: import("../schedule/types").Session[];
  /** Days the schedule names with no time ("time not listed"); absent when there are none. */
  untimed?: import("../schedule/types").UntimedSession[];
  /** Cancelled open mats and closed days from about today on; absent when there are none. */
  exceptions?: import("../schedule/occurrences").ScheduleException[];
  /** What a visitor should know before a drop-in (issue 21); absent while every rule is unknown. */
  visitorRules?: VisitorRules;
  isDemo: boolean;
  lastVerifiedAt: string | null;
  /** The last verified check-in inside one of its listed sessions (listing freshness). */
  confirmedAt: string | null;
  /** Where the schedule last came from (the freshest of its source and the last check-in), or null. */
  provenance: import("../freshness").Provenance | null;
  /** Miles from the searched point, one decimal, when the list was a search. */
  distance?: number;
}
