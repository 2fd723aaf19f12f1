import { Elysia } from "elysia";
import * as v from "valibot";
import { createCheckinSchema, verifyCheckinSchema } from "../../../common/schemas/checkins";
import type { AppContext } from "../../context";
import { memberLimitRule } from "../../http/member-limits";
import type { authGuard } from "../../policy/guard";
import * as checkins from "./service";

const numericId = (name: string) =>
  v.pipe(v.string(), v.regex(/^\d{1,12}$/, `${name} must be a number`), v.transform(Number));
const idParams = v.object({ id: numericId("id") });
const userIdParams = v.object({ userId: numericId("userId") });

/** Spec §7 "Check-ins and badges": members only; see docs/decisions/0008-checkins.md. */
export function checkinRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  // Counted by the service (chargedBy "service"): a check-in's count is written in its batch.
  const limit = (memberId: number) => memberLimitRule(app.env, "checkin.attempt", memberId);
  return new Elysia({ name: "checkin-routes", prefix: "/api/checkins" })
    .use(guard)
    .get("/", ({ member }) => checkins.myCheckins(db, member.user.id, app.now()), { auth: "member" })
    .post(
      "/",
      async ({ member, body, set }) => {
        const created = await checkins.createCheckin(
          db,
          member.user.id,
          body,
          app.now(),
          limit(member.user.id),
        );
        set.status = 201;
        return created;
      },
      { auth: "member", limit: "checkin.attempt", body: createCheckinSchema },
    )
    .patch(
      "/:id/verify",
      ({ member, params, body }) =>
        checkins.verifyCheckin(db, member.user.id, params.id, body, app.now(), limit(member.user.id)),
      { auth: "member", limit: "checkin.attempt", params: idParams, body: verifyCheckinSchema },
    )
    .get(
      "/user/:userId",
      ({ viewer, params }) => checkins.checkinsOfUser(db, viewer, params.userId, app.now()),
      { auth: "member", params: userIdParams },
    )
    .delete("/:id", ({ member, params }) => checkins.deleteCheckin(db, member.user.id, params.id), {
      auth: "member",
      limit: "content.delete",
      params: idParams,
    });
}
