import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { requireAccess } from "../../policy/access";
import type { PolicyViewer } from "../../policy/viewer";
import { listingEventQuery } from "../listing-stats/service";
import { getSchool, keptSchoolViews } from "../schools/service";
import { memberSubject } from "../settings/service";
import {
  addFavorite,
  countFavorites,
  favoritePageIds,
  favoriteSchoolIds,
  isFavorite,
  removeFavorite,
  savedSchoolsJson,
  savedSchoolsOf,
} from "./queries";

export const favoriteMessages = {
  schoolNotFound: "School not found",
  userNotFound: "User Not Found",
  hidden: "This member keeps their saved gyms private.",
} as const;

/**
 * Favourite lists are paged: `limit` (1 to `max`, default `default`) and `offset`. The
 * default covers a member's whole list in the usual case and keeps one answer small.
 */
export const FAVORITES_PAGE = { default: 100, max: 100 } as const;
/** At most this many ids in `/api/favorites/ids` and the home page (more than most maps hold). */
export const MAX_FAVORITE_IDS = 5000;

export interface Page {
  limit: number;
  offset: number;
}

/**
 * Spec §3 Favorite's `id`. A member saves a school once (the table's key is member and
 * school), and every call addresses a favourite by its school (`/check/{schoolId}`,
 * `DELETE /{schoolId}`), so within a member's list the school's id is the favourite's id:
 * what a client reads as `id` works on those routes. It is unique per list, not site-wide.
 */
const favoriteId = (schoolId: number) => schoolId;

/**
 * One page of a member's saved gyms, newest first, with the list's total: one statement on
 * the favourites rows (the page's ids and the total), then the schools' views as this copy
 * keeps them per schools version (read only for schools it has not kept), so a long list
 * costs a sort of small rows, not a join of every saved school.
 */
async function favoritesPage(db: Db, userId: number, page: Page) {
  const { rows, total } = await favoritePageIds(db, userId, page.limit, page.offset);
  const views = new Map(
    (
      await keptSchoolViews(
        db,
        rows.map((r) => r.schoolId),
      )
    ).map((view) => [view.id, view]),
  );
  const items = [];
  for (const { schoolId, savedAt } of rows) {
    const school = views.get(schoolId);
    if (school) items.push({ id: favoriteId(schoolId), schoolId, savedAt: savedAt.toISOString(), school });
  }
  // Past the end there is no row to carry the total.
  return { items, total: total ?? (await countFavorites(db, userId)) };
}

export const listFavorites = (db: Db, userId: number, page: Page) => favoritesPage(db, userId, page);

/** The member's saved school ids, newest first: one query that reads no school. */
export const favoriteIds = (db: Db, userId: number) => favoriteSchoolIds(db, userId, MAX_FAVORITE_IDS);

export const checkFavorite = async (db: Db, userId: number, schoolId: number) => ({
  isFavorite: await isFavorite(db, userId, schoolId),
});

export async function favorite(db: Db, userId: number, schoolId: number, now: Date) {
  if (!(await getSchool(db, schoolId))) throw new HttpError(404, favoriteMessages.schoolNotFound);
  // A new save counts for the school's owners; saving it again adds nothing.
  await db.batch([
    addFavorite(db, userId, schoolId, now),
    listingEventQuery(db, schoolId, "save", now, true),
  ]);
  return { isFavorite: true };
}

export async function unfavorite(db: Db, userId: number, schoolId: number) {
  await removeFavorite(db, userId, schoolId);
  return { isFavorite: false };
}

/**
 * A member's saved gyms as the policy's favorites.read allows: 404 for an unknown member or
 * a block either way, 403 when they keep their saved gyms private.
 */
export async function favoritesOfUser(db: Db, viewer: PolicyViewer, userId: number, page: Page) {
  const subject = await memberSubject(db, viewer, userId);
  if (!subject) throw new HttpError(404, favoriteMessages.userNotFound);
  requireAccess(viewer, "favorites.read", subject, {
    forbidden: favoriteMessages.hidden,
    notFound: favoriteMessages.userNotFound,
  });
  return favoritesPage(db, userId, page);
}

/**
 * The newest `limit` saved gyms of a member as name, city and slug (the profile page's
 * list), in one query. It asks no policy: callers check favorites.read first.
 */
export const savedGymSummaries = (db: Db, userId: number, limit: number) => savedSchoolsOf(db, userId, limit);

/** savedGymSummaries as an SQL value (a JSON array), for a page's one statement; read it with savedGymsFromJson. */
export const savedGymSummariesSql = savedSchoolsJson;

export const savedGymsFromJson = (json: unknown) =>
  (JSON.parse(String(json ?? "[]")) as [number, string, string, string][]).map(
    ([schoolId, name, city, slug]) => ({ schoolId, name, city, slug }),
  );
