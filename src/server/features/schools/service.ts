import { sql } from "drizzle-orm";
import { distanceMiles } from "../../../common/geo";
import { SEARCH_RADIUS_MILES } from "../../../common/home";
import type { RuleFilterKey } from "../../../common/schemas/visitor-rules";
import { matchesRules, ruleMask, visitorRuleBits } from "../../../common/visitor-rules";
import type { Db } from "../../../db/client";
import type { GeoResult } from "../geo/service";
import { exceptionsBySchool } from "./exceptions";
import { schoolWithId, sessionsOfIds } from "./prepared-queries";
import {
  allSchoolsByName,
  allSessionsBySchool,
  allSlugs,
  bumpSchoolsVersionUnlessConfirmedSince,
  countSchools,
  findSchoolById,
  gymNamesStartingWith,
  listSchools,
  type SchoolRow,
  type SessionRow,
  schoolsInCity,
  schoolsInState,
  schoolsMatching,
  VERSION_KEY,
} from "./queries";
import { anyWithin, nearestViews, viewBySlug, viewsOf, viewsWithin } from "./school-reads";
import { type SchoolView, toSchoolView } from "./school-view";
import { schoolsChanged } from "./schools-version";
import { perSchoolsVersion } from "./version-cache";

export { correctSchool, type SchoolCorrection } from "./correction";
export { DAY_FLAGS_JOB, dayFlagsJob, refreshDayFlags } from "./day-flags";
export { type DuplicateCandidate, duplicateCandidates, similarNames } from "./duplicates";
export { exceptionsBySchool } from "./exceptions";
/** The .ics builder, for calendars that hold more than one school (the member's calendar). */
export { addSchoolEvents, GOING, icsLine, newCalendar, type SchoolEventOptions } from "./ics";
/** How every server path reads a gym's schedule text (submissions use it through here). */
export { type IngestDeps, type SchoolDraft, upsertSchool } from "./ingest";
export { createOpenNowIndex } from "./open-now-index";
export { schoolsMatching } from "./queries";
export { currentSchoolsVersion, schoolsChanged } from "./schools-version";
export { readSchedule, scheduleDayFlags, sessionRows, toSession } from "./session-rows";
export { locate as locateSchool } from "./transfer";

export const SUGGESTION_LIMIT = 10;
export const SUGGESTION_MIN_LENGTH = 2;
/** The most schools one search or radius answer lists. */
export const RESULT_LIMIT = 500;

export type { GeoResult };

export interface SchoolGeocoder {
  geocode(query: string): Promise<GeoResult | null>;
  suggestPlaces(prefix: string, limit: number): string[];
}

export interface Point {
  latitude: number;
  longitude: number;
}

/** Full views of `rows` (in their order, or nearest first from `from`): one sessions query. */
export async function schoolViews(db: Db, rows: SchoolRow[], from?: Point): Promise<SchoolView[]> {
  const [sessions, exceptions] = rows.length
    ? await Promise.all([
        sessionsOfIds(
          db,
          rows.map((r) => r.id),
        ),
        exceptionsBySchool(db),
      ])
    : [[], new Map()];
  const bySchool = Map.groupBy(sessions, (s) => s.schoolId);
  const out = rows.map((row) =>
    toSchoolView(
      row,
      bySchool.get(row.id) ?? [],
      from ? distanceMiles(from.latitude, from.longitude, row.latitude, row.longitude) : undefined,
      exceptions.get(row.id),
    ),
  );
  if (from) out.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
  return out;
}

/**
 * The views of these schools, in this order, as the copy keeps them per schools version (a
 * school no longer there is left out): a repeated list reads no school.
 */
export const keptSchoolViews = (db: Db, ids: readonly number[]) => viewsOf(db, ids);

/** A value kept per schools version, for what other features derive from the schools alone. */
export { perSchoolsVersion };

const pagePathsByDb = new WeakMap<Db, () => Promise<readonly string[]>>();

/**
 * Every school page's path, read once per schools version. The same array comes back until
 * a school changes, so a caller may keep what it derives from it (the sitemap does).
 */
export function schoolPagePaths(db: Db): Promise<readonly string[]> {
  let paths = pagePathsByDb.get(db);
  if (!paths) {
    paths = perSchoolsVersion(db, async () => (await allSlugs(db)).map((slug) => `/schools/${slug}`));
    pagePathsByDb.set(db, paths);
  }
  return paths();
}

/**
 * The statement a check-in's batch runs before confirming a school (see the query's note);
 * give its result to `confirmationWritten` once the batch has committed.
 */
export function touchConfirmation(schoolId: number, now: Date) {
  return bumpSchoolsVersionUnlessConfirmedSince(
    schoolId,
    new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000),
  );
}

/**
 * After a batch with `touchConfirmation`: when it moved the schools version (a school's first
 * confirmation of the day), this copy reads the version again at once. Told only then, a
 * copy taking a stream of check-ins keeps the version it knows, and what is kept by it.
 */
export function confirmationWritten(db: Db, touched: unknown): void {
  if (Number((touched as { rowsAffected?: number } | undefined)?.rowsAffected ?? 0) > 0) schoolsChanged(db);
}

/** Bumps the schools version when the statement just before this one in the batch changed any row. */
export function bumpSchoolsVersionIfChanged(db: Pick<Db, "run">) {
  schoolsChanged(db);
  return db.run(sql`INSERT INTO app_meta (key, value, updated_at)
    SELECT ${VERSION_KEY}, '1', ${Date.now()} WHERE changes() > 0
    ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1, updated_at = excluded.updated_at`);
}

/** The statement that marks a school's schedule as confirmed now (an admin merged a submission into it). */
export function confirmSchool(db: Pick<Db, "run">, schoolId: number, now: Date) {
  schoolsChanged(db);
  return db.run(
    sql`UPDATE schools SET last_verified_at = ${now.getTime()}, updated_at = ${now.getTime()} WHERE id = ${schoolId}`,
  );
}

/** A school's stored row (with its source key), for callers that rebuild it through `upsertSchool`. */
export const schoolRow = (db: Db, id: number) => findSchoolById(db, id);

/** A school as stored now (the API's answer carries its exact confirmation times). */
export async function getSchool(db: Db, id: number) {
  const row = await schoolWithId(db, id);
  return row ? (await schoolViews(db, [row]))[0] : undefined;
}

/**
 * A school page's school, kept per schools version: what the page shows changes only with
 * the version (a later check-in on the same day leaves "Confirmed by a check-in today" as is).
 */
export const getSchoolBySlug = (db: Db, slug: string) => viewBySlug(db, slug);

export async function listPage(db: Db, limit: number, offset: number, from?: Point) {
  const [rows, total] = await Promise.all([listSchools(db, limit, offset), countSchools(db)]);
  return { schools: await schoolViews(db, rows, from), total, limit, offset };
}

export interface AllSchools {
  /** Every school by name, as `/api/schools/all` lists them. */
  schools: SchoolView[];
  json: string;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * Every school with its sessions, built once per schools version from two statements (the
 * schools, then every session ordered by school: no id list, however many schools there are)
 * plus the exceptions kept per version, and kept serialized and gzipped, like the map pins.
 */
export function createAllSchoolsCache(db: Db): () => Promise<AllSchools> {
  return perSchoolsVersion(db, async () => {
    // The exceptions first, while the version just read is fresh: asked after a slow build,
    // their cache would read the version again.
    const [rows, exceptions] = await Promise.all([allSchoolsByName(db), exceptionsBySchool(db)]);
    const sessions = await allSessionsBySchool(db);
    const bySchool = new Map<number, SessionRow[]>();
    for (const session of sessions) {
      const list = bySchool.get(session.schoolId);
      if (list) list.push(session);
      else bySchool.set(session.schoolId, [session]);
    }
    const schools = rows.map((row) =>
      toSchoolView(row, bySchool.get(row.id) ?? [], undefined, exceptions.get(row.id)),
    );
    const json = JSON.stringify(schools);
    return { schools, json, gzip: Bun.gzipSync(json, { level: 6 }) };
  });
}

/** The cached list labelled and sorted by distance from a point, nearest first. */
export function byDistanceFrom(schools: readonly SchoolView[], from: Point): SchoolView[] {
  return schools
    .map((school) => ({
      ...school,
      distance:
        Math.round(distanceMiles(from.latitude, from.longitude, school.latitude, school.longitude) * 10) / 10,
    }))
    .sort((a, b) => a.distance - b.distance);
}

/** The views that have every chosen visitor rule (all of them when none is chosen). */
export function withRules(views: SchoolView[], rules: readonly RuleFilterKey[]): SchoolView[] {
  if (!rules.length) return views;
  return views.filter((view) => matchesRules(visitorRuleBits(view.visitorRules, view.sessions), rules));
}

/**
 * Schools within `miles` of a point with every chosen visitor rule, nearest first, at most
 * `RESULT_LIMIT`. The spatial index kept per schools version finds them (it holds each
 * school's rule bits, so a filter costs no more than none); only the schools listed are read
 * (and only those this copy has not read since the version moved).
 */
export const withinRadius = (db: Db, center: Point, miles: number, rules: readonly RuleFilterKey[] = []) =>
  viewsWithin(db, center.latitude, center.longitude, miles, RESULT_LIMIT, ruleMask(rules));

/** "Austin", "Austin, TX" or "Austin TX". */
export async function inCity(db: Db, cityQuery: string, from?: Point) {
  const match = cityQuery.trim().match(/^(.*?)(?:,\s*|\s+)([A-Za-z]{2})$/);
  const rows = match?.[1]
    ? await schoolsInCity(db, match[1].trim(), match[2])
    : await schoolsInCity(db, cityQuery.trim());
  return schoolViews(db, rows, from);
}

/**
 * The `limit` schools nearest a point, from the spatial index kept per schools version: a
 * point far from every school still reads only the `limit` schools it lists.
 */
export const nearest = (db: Db, center: Point, limit: number, rules: readonly RuleFilterKey[] = []) =>
  nearestViews(db, center.latitude, center.longitude, limit, ruleMask(rules));

export type SearchStrategy = "radius" | "state" | "city" | "text";

export interface SearchResult {
  query: string;
  strategy: SearchStrategy;
  location: GeoResult | null;
  schools: SchoolView[];
}

/**
 * The spec's search order on the server: geocode, then the 40-mile radius around that
 * point, then the city by name, then free text. A state name lists that state's schools,
 * since a 40-mile circle around a state's middle answers nobody's question. Chosen visitor
 * rules filter what the strategy found; they never change the strategy (a place with
 * schools but none free is a radius search with no schools).
 */
export async function search(
  db: Db,
  geocoder: SchoolGeocoder,
  query: string,
  from?: Point,
  rules: readonly RuleFilterKey[] = [],
): Promise<SearchResult> {
  const q = query.trim();
  const location = await geocoder.geocode(q);
  if (location?.kind === "state" && location.state) {
    return {
      query: q,
      strategy: "state",
      location,
      schools: withRules(await schoolViews(db, await schoolsInState(db, location.state), from), rules),
    };
  }
  if (location) {
    const near = await withinRadius(db, location, SEARCH_RADIUS_MILES, rules);
    if (
      near.length ||
      (rules.length && (await anyWithin(db, location.latitude, location.longitude, SEARCH_RADIUS_MILES)))
    )
      return { query: q, strategy: "radius", location, schools: near };
  }
  const city = await inCity(
    db,
    location?.city && location.state ? `${location.city}, ${location.state}` : q,
    from,
  );
  if (city.length) return { query: q, strategy: "city", location, schools: withRules(city, rules) };
  const text = await schoolViews(
    db,
    await schoolsMatching(db, q, RESULT_LIMIT),
    from ?? location ?? undefined,
  );
  return { query: q, strategy: "text", location, schools: withRules(text, rules) };
}

/** Up to 10 strings: gym names first, then places (cities, ZIP codes). */
export async function suggestions(db: Db, geocoder: SchoolGeocoder, query: string): Promise<string[]> {
  const q = query.trim();
  if (q.length < SUGGESTION_MIN_LENGTH) return [];
  const gyms = (await gymNamesStartingWith(db, q, SUGGESTION_LIMIT)).map((r) => r.gym);
  const places = geocoder.suggestPlaces(q, SUGGESTION_LIMIT);
  return [...new Set([...gyms.slice(0, 6), ...places, ...gyms])].slice(0, SUGGESTION_LIMIT);
}
