import { Elysia } from "elysia";
import * as v from "valibot";
import { TABLE_FAMILIES } from "../../../db/table-versions";
import type { AppContext } from "../../context";
import { keptAnswersOf, WithHeaders } from "../../http/kept-by-viewer";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import * as favorites from "./service";

const numericId = (name: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,12}$/, `${name} must be a number`), v.transform(Number));
const schoolIdParams = v.object({ schoolId: numericId("schoolId") });
const userIdParams = v.object({ userId: numericId("userId") });

const addBody = v.object({
  schoolId: v.pipe(
    v.number("schoolId must be a number"),
    v.integer("schoolId must be a whole number"),
    v.minValue(1),
  ),
});

const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{1,7}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
const pageQuery = v.object({
  limit: v.optional(
    wholeNumber(
      `limit must be between 1 and ${favorites.FAVORITES_PAGE.max}`,
      1,
      favorites.FAVORITES_PAGE.max,
    ),
    String(favorites.FAVORITES_PAGE.default),
  ),
  offset: v.optional(wholeNumber("offset must be 0 or more", 0, 1_000_000), "0"),
});

/** The page as the body (the spec's list of items), its total as `X-Total-Count`. */
const pageReply = (
  set: { headers: Record<string, string | number> },
  { items, total }: { items: unknown[]; total: number },
) => {
  set.headers["x-total-count"] = String(total);
  return items;
};

/**
 * Spec §7 "Favourites": members only, each call on the caller's own list. Lists are paged
 * (`?limit=&offset=`, see FAVORITES_PAGE); `/ids` gives every saved id for the map's pins.
 */
export function favoriteRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  const kept = keptAnswersOf(app);
  const othersTables = [...TABLE_FAMILIES.social, ...TABLE_FAMILIES.activity];
  return new Elysia({ name: "favorite-routes", prefix: "/api/favorites" })
    .use(guard)
    .get(
      "/",
      async ({ member, request, set }) =>
        pageReply(set, await favorites.listFavorites(db, member.user.id, parseQuery(pageQuery, request))),
      { auth: "member" },
    )
    .get("/ids", async ({ member }) => ({ ids: await favorites.favoriteIds(db, member.user.id) }), {
      auth: "member",
    })
    .get(
      "/check/:schoolId",
      ({ member, params }) => favorites.checkFavorite(db, member.user.id, params.schoolId),
      { auth: "member", params: schoolIdParams },
    )
    .post("/", ({ member, body }) => favorites.favorite(db, member.user.id, body.schoolId, app.now()), {
      auth: "member",
      limit: "favorite.change",
      body: addBody,
    })
    .delete("/:schoolId", ({ member, params }) => favorites.unfavorite(db, member.user.id, params.schoolId), {
      auth: "member",
      limit: "favorite.change",
      params: schoolIdParams,
    })
    .get(
      "/user/:userId",
      // Kept per viewer until a table it reads moves (src/server/http/kept-by-viewer.ts).
      ({ viewer, params, request }) =>
        kept(request, viewer, othersTables, async () => {
          const page = await favorites.favoritesOfUser(
            db,
            viewer,
            params.userId,
            parseQuery(pageQuery, request),
          );
          return new WithHeaders(page.items, { "x-total-count": String(page.total) });
        }),
      { auth: "member", params: userIdParams },
    );
}
