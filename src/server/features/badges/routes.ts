import { Elysia } from "elysia";
import * as v from "valibot";
import type { AppContext } from "../../context";
import type { authGuard } from "../../policy/guard";
import * as badges from "./service";

const numericId = (name: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,12}$/, `${name} must be a number`), v.transform(Number));

/** Spec §7: badges, their definitions, the owner's progress and the once-only celebration. */
export function badgeRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  return new Elysia({ name: "badge-routes" })
    .use(guard)
    .get("/api/badge-definitions", () => badges.badgeDefinitions(), { auth: "member" })
    .get("/api/badges", ({ member }) => badges.myBadges(db, member.user.id), { auth: "member" })
    .get("/api/badges/progress", ({ member }) => badges.badgeProgress(db, member.user.id), { auth: "member" })
    .get("/api/badges/uncelebrated", ({ member }) => badges.uncelebrated(db, member.user.id), {
      auth: "member",
    })
    .post(
      "/api/badges/:id/celebrated",
      ({ member, params }) => badges.celebrated(db, member.user.id, params.id, app.now()),
      { auth: "member", limit: "profile.edit", params: v.object({ id: numericId("id") }) },
    )
    .get("/api/badges/:userId", ({ viewer, params }) => badges.badgesOfUser(db, viewer, params.userId), {
      auth: "member",
      params: v.object({ userId: numericId("userId") }),
    });
}
