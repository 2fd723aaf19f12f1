import { Elysia } from "elysia";
import * as v from "valibot";
import type { AppContext } from "../../context";
import { requireSession, type sessionPlugin } from "../auth/session-plugin";
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

/** Spec §7 "Favourites": members only, each call on the caller's own list. */
export function favoriteRoutes(app: AppContext, session: ReturnType<typeof sessionPlugin>) {
  const db = app.database.db;
  return new Elysia({ name: "favorite-routes", prefix: "/api/favorites" })
    .use(session)
    .onTransform(({ session }) => void requireSession(session))
    .get("/", ({ session }) => favorites.listFavorites(db, requireSession(session).user.id))
    .get(
      "/check/:schoolId",
      ({ session, params }) => favorites.checkFavorite(db, requireSession(session).user.id, params.schoolId),
      { params: schoolIdParams },
    )
    .post(
      "/",
      ({ session, body }) =>
        favorites.favorite(db, requireSession(session).user.id, body.schoolId, app.now()),
      {
        body: addBody,
      },
    )
    .delete(
      "/:schoolId",
      ({ session, params }) => favorites.unfavorite(db, requireSession(session).user.id, params.schoolId),
      { params: schoolIdParams },
    )
    .get(
      "/user/:userId",
      ({ session, params }) => favorites.favoritesOfUser(db, requireSession(session).user.id, params.userId),
      { params: userIdParams },
    );
}
