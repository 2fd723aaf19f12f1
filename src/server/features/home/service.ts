import { US_CENTER } from "../../../common/geo";
import {
  type HomeQuery,
  type HomeScreenProps,
  INITIAL_LIST_SIZE,
  toSchoolSummary,
} from "../../../common/home";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { chargeDailySearch, type DailyQuota } from "../../http/quota";
import type { ValidSession } from "../auth/service";
import { drawnMapView, firstCamera } from "../drawn-map/service";
import { favoriteIds } from "../favorites/service";
import { lookupIp } from "../geo/service";
import { getSchool, nearest, type SchoolGeocoder, search } from "../schools/service";

export interface HomeDeps {
  db: Db;
  geocoder: SchoolGeocoder;
  quota: DailyQuota;
  basemapUrl: string;
  now: () => Date;
}

/** Where the list of a visitor who searches nothing starts: their IP's place, or the middle of the US. */
export const originOf = (ip: string) => lookupIp(ip) ?? US_CENTER;

/**
 * Everything the home screen shows in its first HTML: the search (a search from the URL
 * counts against the daily quota like any other), or the schools nearest the visitor's
 * IP location, the focused school and the member's favourites.
 */
export async function homeScreenProps(
  deps: HomeDeps,
  query: HomeQuery,
  session: ValidSession | null,
  ip: string,
): Promise<HomeScreenProps> {
  let searchResult: HomeScreenProps["search"] = null;
  let searchLimit: HomeScreenProps["searchLimit"] = null;
  if (query.search) {
    try {
      const who = session ? { userId: session.user.id } : { ip };
      await chargeDailySearch(deps.db, deps.quota, who, deps.now().getTime());
      const result = await search(deps.db, deps.geocoder, query.search);
      searchResult = {
        strategy: result.strategy,
        location: result.location,
        schools: result.schools.map(toSchoolSummary),
      };
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 429) throw error;
      searchLimit = { limit: Number(error.body.limit), retryAfter: Number(error.body.retryAfter) };
    }
  }
  const origin = originOf(ip);
  // With visitor-rule filters, the first list is the nearest schools that have them.
  const initial = searchResult ? [] : await nearest(deps.db, origin, INITIAL_LIST_SIZE, query.rules);
  const focus = query.school ? await getSchool(deps.db, query.school) : undefined;
  // Only the ids (one query, no school rows): the screen marks saved gyms, it does not list them.
  const savedIds = session ? await favoriteIds(deps.db, session.user.id) : [];
  const focusSchool = focus ? toSchoolSummary(focus) : null;
  // The first view's map, drawn so it shows before the map library starts (issue 23).
  const drawnMap = await drawnMapView(deps, firstCamera(searchResult, focusSchool), savedIds);
  return {
    query,
    search: searchResult,
    initialSchools: initial.map(toSchoolSummary),
    focusSchool,
    searchLimit,
    viewer: session ? { id: session.user.id, username: session.user.username } : null,
    favoriteIds: savedIds,
    basemapUrl: deps.basemapUrl,
    memberSearchLimit: deps.quota.memberLimit,
    ...(drawnMap ? { drawnMap } : {}),
  };
}
