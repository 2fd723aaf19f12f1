import { distanceMiles } from "../../common/geo";
import {
  type DayFilter,
  type HomeQuery,
  INITIAL_LIST_SIZE,
  matchesDays,
  type SchoolSummary,
} from "../../common/home";
import { homeTexts } from "../../common/home-texts";
import type { RuleFilterKey } from "../../common/schemas/visitor-rules";
import { matchesRules } from "../../common/visitor-rules";
import type { HomeRow } from "./school-api";

export interface RowFilter {
  days: DayFilter;
  /** Visitor rules every row must have; empty: any. */
  rules?: readonly RuleFilterKey[];
  /** Only favourites; null when the 'Saved Gyms' toggle is off or the visitor is a guest. */
  savedIds: ReadonlySet<number> | null;
  /** Only schools open now/today; null for 'any'. */
  openIds: ReadonlySet<number> | null;
}

export function filterRows(rows: readonly HomeRow[], f: RowFilter): HomeRow[] {
  return rows.filter(
    (r) =>
      matchesDays(r.days, f.days) &&
      (!f.rules?.length || matchesRules(r.rules, f.rules)) &&
      (!f.savedIds || f.savedIds.has(r.id)) &&
      (!f.openIds || f.openIds.has(r.id)),
  );
}

/** Guests never see 'Saved Gyms', so a stale `saved=1` in a shared link filters nothing for them. */
export function hasFilters(q: HomeQuery, signedIn: boolean): boolean {
  return q.days.length > 0 || q.rules.length > 0 || (q.saved && signedIn) || q.open !== "any";
}

export function byDistanceFrom(rows: readonly HomeRow[], from: { lat: number; lng: number }): HomeRow[] {
  return rows
    .map((r) => ({ ...r, distance: Math.round(distanceMiles(from.lat, from.lng, r.lat, r.lng) * 10) / 10 }))
    .sort((a, b) => a.distance - b.distance);
}

export interface ListInput {
  query: HomeQuery;
  signedIn: boolean;
  /** The search's schools; undefined while it loads. Ignored without a search. */
  searchRows: HomeRow[] | undefined;
  searchTitle: string | null;
  /** All pins; undefined until they arrive. */
  pins: HomeRow[] | undefined;
  /** The server-rendered first schools. */
  initial: HomeRow[];
  /** The visitor's position, when known. */
  origin: { lat: number; lng: number } | null;
  /** The nearest schools to `origin`; undefined while they load. */
  nearby: HomeRow[] | undefined;
  favoriteIds: ReadonlySet<number>;
  /** Schools open now/today; undefined while they load (only read when the Open filter is on). */
  openIds: ReadonlySet<number> | undefined;
  /** Details for rows built from pins, by id, once fetched (issue 23: filtered rows keep them). */
  summaries?: ReadonlyMap<number, SchoolSummary>;
}

export interface ListModel {
  /** What the map shows: the whole filtered set. */
  mapRows: HomeRow[];
  /** What the list shows. */
  listRows: HomeRow[];
  /** '{n} schools found', or null for the first, unfiltered view (spec: no count). */
  count: number | null;
  title: string;
  /**
   * Where the rows' distances are measured from: the visitor's position, or the searched place.
   * Null when neither is known (the first list's are from the IP's place or the middle of
   * the country): then no distance is shown (issue 23).
   */
  distanceFrom: string | null;
  /** True once the list reflects the current query (tests wait for it). */
  ready: boolean;
}

/** What a filtered list without a search shows (issue 23): 'Saved Gyms', 'Open Now', 'Open Today'. */
export function filterTitle(query: HomeQuery, signedIn: boolean): string {
  const saved = query.saved && signedIn;
  const open = query.open === "now" ? "Open Now" : query.open === "today" ? "Open Today" : null;
  if (saved && open) return `${homeTexts.savedGyms}, ${open}`;
  return (saved && homeTexts.savedGyms) || open || homeTexts.allSchools;
}

/** True when the set shown is narrowed by 'Saved Gyms' or the Open filter (the map fits it then). */
export function narrowsToFew(query: HomeQuery, signedIn: boolean): boolean {
  return query.search === "" && ((query.saved && signedIn) || query.open === "now" || query.open === "today");
}

/** Pin rows get the details the list shows, where known. */
function withSummaries(rows: HomeRow[], summaries: ReadonlyMap<number, SchoolSummary> | undefined) {
  if (!summaries) return rows;
  return rows.map((r) => {
    const summary = r.summary ?? summaries.get(r.id);
    return summary && summary !== r.summary ? { ...r, summary } : r;
  });
}

/**
 * The map and the list always show one set: the search results, or every pin, filtered by
 * day, visitor rules, 'Saved Gyms' and the Open filter. Only the first unfiltered view lists fewer: the
 * 15 nearest schools (or the server's first 15) and no count (spec §2).
 */
export function listModel(input: ListInput): ListModel {
  const { query, signedIn, origin } = input;
  const searching = query.search !== "";
  const openPending = query.open !== "any" && !input.openIds;
  const base = searching ? (input.searchRows ?? []) : (input.pins ?? input.initial);
  const filter: RowFilter = {
    days: query.days,
    rules: query.rules,
    savedIds: query.saved && signedIn ? input.favoriteIds : null,
    openIds: query.open === "any" || !input.openIds ? null : input.openIds,
  };
  const filtered = filterRows(base, filter);
  const mapRows = !searching && origin ? byDistanceFrom(filtered, origin) : filtered;
  const title = searching ? input.searchTitle || homeTexts.allSchools : filterTitle(query, signedIn);
  const distanceFrom = searching ? input.searchTitle : origin ? homeTexts.yourLocation : null;

  if (!searching && !hasFilters(query, signedIn)) {
    const first = (origin && input.nearby) || input.initial;
    return {
      mapRows,
      listRows: first.slice(0, INITIAL_LIST_SIZE),
      count: null,
      title,
      distanceFrom,
      ready: !origin || input.nearby !== undefined,
    };
  }
  const baseReady = searching ? input.searchRows !== undefined : input.pins !== undefined;
  const ready = baseReady && !openPending;
  return {
    mapRows,
    // Until the whole set is here, a count would describe only the first few rows.
    listRows: searching ? mapRows : withSummaries(mapRows, input.summaries),
    count: ready ? mapRows.length : null,
    title,
    distanceFrom,
    ready,
  };
}
