import type { DrawnMapView } from "./drawn-map";
import type { Provenance } from "./freshness";
import type { ScheduleException } from "./schedule/occurrences";
import type { Session, UntimedSession } from "./schedule/types";
import type { RuleFilterKey, VisitorRules } from "./schemas/visitor-rules";
import { parseRuleFilter } from "./visitor-rules";

/** Spec §2 "Map and home screen": the day chips, 'all' plus the seven days. */
export const dayKeys = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type DayKey = (typeof dayKeys)[number];
/** Spec §4 "Day filter": an empty set means 'all'. */
export type DayFilter = DayKey[];
/**
 * Beyond the spec: open right now, or some time today, in each gym's own time zone; or
 * 'Tonight' (issue 22): open mats near the visitor starting in the next 6 hours.
 */
export type OpenFilter = "any" | "now" | "today" | "tonight";

/** Bit of each day in the pins' `days` mask (bit 0 = Sunday, as Date#getDay()). */
export const dayBit: Record<DayKey, number> = {
  sunday: 1 << 0,
  monday: 1 << 1,
  tuesday: 1 << 2,
  wednesday: 1 << 3,
  thursday: 1 << 4,
  friday: 1 << 5,
  saturday: 1 << 6,
};

/** What the home screen's list and popup show of a school. */
export interface SchoolSummary {
  id: number;
  slug: string;
  gym: string;
  address: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  dayAndTime: string;
  /** Day mask, as the pins carry it. */
  days: number;
  sessions: Session[];
  /** Days the gym names with no time ("Wed (time not listed)"); absent when there are none. */
  untimed?: UntimedSession[];
  /** Cancelled open mats and closed days from about today on (Open now and Next skip them). */
  exceptions?: ScheduleException[];
  /** What a visitor should know before a drop-in; absent while every rule is unknown. */
  visitorRules?: VisitorRules;
  rating: number | null;
  reviewCount: number;
  /** When a verified check-in last confirmed a listed session, or null. */
  confirmedAt: string | null;
  /** Where the schedule last came from (see SchoolView); absent from older fixtures. */
  provenance?: Provenance | null;
  /** Miles from the searched place or the visitor, when known. */
  distance?: number;
}

/** The state a home URL describes: `/?search=…&days=saturday,sunday&rules=nogi,free&saved=1&open=now&school=ID`. */
export interface HomeQuery {
  search: string;
  days: DayFilter;
  /** Visitor rules every listed school must have (issue 21); empty: any. */
  rules: RuleFilterKey[];
  saved: boolean;
  open: OpenFilter;
  school: number | null;
}

export interface HomeScreenProps {
  query: HomeQuery;
  /** The server's search for `query.search`, or null without a search. */
  search: {
    strategy: "radius" | "state" | "city" | "text";
    location: { label: string; latitude: number; longitude: number; kind: string } | null;
    schools: SchoolSummary[];
  } | null;
  /** Without a search: the first schools of the list (spec: 15, no count). */
  initialSchools: SchoolSummary[];
  /** `?school=ID`, resolved. */
  focusSchool: SchoolSummary | null;
  /** Set when the server refused the search for the daily limit. */
  searchLimit: { limit: number; retryAfter: number } | null;
  viewer: { id: number; username: string } | null;
  favoriteIds: number[];
  basemapUrl: string;
  /** The signed-in daily search limit, for the guests' toast ("Log in to get 15 searches per day"). */
  memberSearchLimit: number;
  /** The first view's map drawn by the server (issue 23); absent when it could not be drawn. */
  drawnMap?: DrawnMapView;
}

export const INITIAL_LIST_SIZE = 15;
/** Spec §7: the radius searched around a place a query geocodes to, in miles. */
export const SEARCH_RADIUS_MILES = 40;
export const CITY_ZOOM = 12;
export const MAX_FIT_ZOOM = 15;

export function parseHomeQuery(params: URLSearchParams): HomeQuery {
  const days = (params.get("days") ?? "")
    .split(",")
    .filter((d): d is DayKey => (dayKeys as readonly string[]).includes(d));
  const open = params.get("open") ?? "any";
  const school = Number(params.get("school"));
  return {
    search: (params.get("search") ?? "").trim().slice(0, 200),
    days: dayKeys.filter((d) => days.includes(d)),
    rules: parseRuleFilter(params.get("rules")),
    saved: params.get("saved") === "1",
    open: open === "now" || open === "today" || open === "tonight" ? open : "any",
    school: Number.isSafeInteger(school) && school > 0 ? school : null,
  };
}

export function homeQueryString(q: HomeQuery): string {
  const params = new URLSearchParams();
  if (q.search) params.set("search", q.search);
  if (q.days.length) params.set("days", q.days.join(","));
  if (q.rules.length) params.set("rules", q.rules.join(","));
  if (q.saved) params.set("saved", "1");
  if (q.open !== "any") params.set("open", q.open);
  if (q.school) params.set("school", String(q.school));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A school matches when no day is chosen or any chosen day has an open mat (spec §4). */
export function matchesDays(daysMask: number, chosen: DayFilter): boolean {
  return chosen.length === 0 || chosen.some((d) => (daysMask & dayBit[d]) !== 0);
}

/** Spec §4 transitions: choosing a day removes 'all'; clearing the last returns to 'all'. */
export function toggleDay(chosen: DayFilter, day: DayKey | "all"): DayFilter {
  if (day === "all") return [];
  return chosen.includes(day)
    ? chosen.filter((d) => d !== day)
    : dayKeys.filter((d) => d === day || chosen.includes(d));
}

/** The school fields a summary is made from: what the schools API returns. */
export type SchoolLike = Omit<SchoolSummary, "days"> & Record<DayKey, boolean>;

export function toSchoolSummary(s: SchoolLike): SchoolSummary {
  return {
    id: s.id,
    slug: s.slug,
    gym: s.gym,
    address: s.address,
    city: s.city,
    state: s.state,
    latitude: s.latitude,
    longitude: s.longitude,
    timeZone: s.timeZone,
    dayAndTime: s.dayAndTime,
    days: dayKeys.reduce((mask, d) => (s[d] ? mask | dayBit[d] : mask), 0),
    sessions: s.sessions,
    ...(s.untimed?.length ? { untimed: s.untimed } : {}),
    ...(s.exceptions?.length ? { exceptions: s.exceptions } : {}),
    ...(s.visitorRules ? { visitorRules: s.visitorRules } : {}),
    rating: s.rating,
    reviewCount: s.reviewCount,
    confirmedAt: s.confirmedAt,
    ...(s.provenance ? { provenance: s.provenance } : {}),
    ...(s.distance === undefined ? {} : { distance: s.distance }),
  };
}
