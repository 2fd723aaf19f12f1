import type { Db } from "../../../db/client";
import { exceptionsBySchool } from "./exceptions";
import { schoolPositions, schoolsWithIds, schoolWithSlug, sessionsOfIds } from "./prepared-queries";
import type { SessionRow } from "./queries";
import { ruleBitsBySchool } from "./rule-bits";
import { type SchoolView, toSchoolView } from "./school-view";
import { currentSchoolsVersion } from "./schools-version";
import { type Ranked, SpatialIndex } from "./spatial-index";
import { perSchoolsVersion } from "./version-cache";

/** Schools whose views one copy keeps per schools version (about a kilobyte each). */
const VIEWS_MAX = 5000;
/** Slugs whose answer (a view, or none) one copy keeps per schools version. */
const SLUGS_MAX = 2000;
/** Nearest-school answers kept per schools version: the home screen asks from a few points all day. */
const NEAREST_MAX = 1000;

interface Reads {
  version?: string;
  views: Map<number, SchoolView>;
  bySlug: Map<string, SchoolView | null>;
  nearest: Map<string, Ranked[]>;
  index: () => Promise<SpatialIndex>;
}

const readsByDb = new WeakMap<Db, Reads>();

/**
 * What the read paths keep per copy, all of it rebuilt from the database when the schools
 * version moves: the spatial index of every school (one statement of ids and positions) and
 * the views of the schools asked for lately, so a repeated page or list reads nothing.
 */
async function readsOf(db: Db): Promise<Reads> {
  let reads = readsByDb.get(db);
  if (!reads) {
    reads = {
      views: new Map(),
      bySlug: new Map(),
      nearest: new Map(),
      index: perSchoolsVersion(db, async () => {
        const [places, rules] = await Promise.all([schoolPositions(db), ruleBitsBySchool(db)]);
        return new SpatialIndex(places.map((p) => ({ ...p, rules: rules.get(p.id) ?? 0 })));
      }),
    };
    readsByDb.set(db, reads);
  }
  const version = await currentSchoolsVersion(db);
  if (reads.version !== version) {
    reads.version = version;
    reads.views.clear();
    reads.bySlug.clear();
    reads.nearest.clear();
  }
  return reads;
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
  // Map order is insertion order: the first key is the oldest.
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

/** The views of these schools, in this order (a school no longer there is left out). */
export async function viewsOf(db: Db, ids: readonly number[]): Promise<SchoolView[]> {
  const reads = await readsOf(db);
  const { version } = reads;
  const missing = ids.filter((id) => !reads.views.has(id));
  const fetched = new Map<number, SchoolView>();
  if (missing.length) {
    const [rows, sessions, exceptions] = await Promise.all([
      schoolsWithIds(db, missing),
      sessionsOfIds(db, missing),
      exceptionsBySchool(db),
    ]);
    const bySchool = new Map<number, SessionRow[]>();
    for (const s of sessions) {
      const list = bySchool.get(s.schoolId);
      if (list) list.push(s);
      else bySchool.set(s.schoolId, [s]);
    }
    for (const row of rows) {
      const view = toSchoolView(row, bySchool.get(row.id) ?? [], undefined, exceptions.get(row.id));
      fetched.set(row.id, view);
      // Rows read after the version moved on may belong to the next one: not kept.
      if (reads.version === version) remember(reads.views, row.id, view, VIEWS_MAX);
    }
  }
  const out: SchoolView[] = [];
  for (const id of ids) {
    const view = reads.views.get(id) ?? fetched.get(id);
    if (view) out.push(view);
  }
  return out;
}

const withDistances = async (db: Db, ranked: readonly Ranked[]) => {
  const miles = new Map(ranked.map((r) => [r.id, r.miles]));
  const views = await viewsOf(
    db,
    ranked.map((r) => r.id),
  );
  return views.map((view) => ({ ...view, distance: Math.round((miles.get(view.id) ?? 0) * 10) / 10 }));
};

/**
 * The `limit` schools nearest a point with every visitor-rule bit of `mask` (any school for
 * 0), nearest first, with their distances.
 */
export async function nearestViews(db: Db, latitude: number, longitude: number, limit: number, mask = 0) {
  const reads = await readsOf(db);
  const { version } = reads;
  const key = `${latitude}|${longitude}|${limit}|${mask}`;
  let ranked = reads.nearest.get(key);
  if (!ranked) {
    ranked = (await reads.index()).nearest(latitude, longitude, limit, mask);
    if (reads.version === version) remember(reads.nearest, key, ranked, NEAREST_MAX);
  }
  return withDistances(db, ranked);
}

/**
 * Schools within `miles` of a point with every visitor-rule bit of `mask`, nearest first, at
 * most `limit`, with their distances.
 */
export async function viewsWithin(
  db: Db,
  latitude: number,
  longitude: number,
  miles: number,
  limit: number,
  mask = 0,
) {
  const index = await (await readsOf(db)).index();
  return withDistances(db, index.within(latitude, longitude, miles, mask).slice(0, limit));
}

/** Whether any school at all is within `miles` of a point (no views read). */
export async function anyWithin(db: Db, latitude: number, longitude: number, miles: number) {
  const index = await (await readsOf(db)).index();
  return index.nearest(latitude, longitude, 1).some((r) => r.miles <= miles);
}

/** The school at `slug`, or undefined. */
export async function viewBySlug(db: Db, slug: string): Promise<SchoolView | undefined> {
  const reads = await readsOf(db);
  const hit = reads.bySlug.get(slug);
  if (hit !== undefined) return hit ?? undefined;
  const { version } = reads;
  const row = await schoolWithSlug(db, slug);
  const view = row
    ? toSchoolView(
        row,
        await sessionsOfIds(db, [row.id]),
        undefined,
        (await exceptionsBySchool(db)).get(row.id),
      )
    : null;
  if (reads.version === version) remember(reads.bySlug, slug, view, SLUGS_MAX);
  return view ?? undefined;
}
