import { Elysia } from "elysia";
import {
  blockSchema,
  followSchema,
  updateProfileSchema,
  userIdParams,
  userSearchQuery,
} from "../../../common/schemas/users";
import { TABLE_FAMILIES } from "../../../db/table-versions";
import type { AppContext } from "../../context";
import { keptAnswersOf } from "../../http/kept-by-viewer";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import * as users from "./service";

/**
 * Spec §7 "Users and follows", plus blocks: members only, each route declared
 * `{ auth: "member" }`; every decision about another member is the policy's (service.ts).
 * The photo upload routes under /api/users/profile/ live in the photos feature.
 */
export function userRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  const member = { auth: "member" } as const;
  // Searches are kept per viewer and query until a member, a follow or a block changes.
  const kept = keptAnswersOf(app);
  return new Elysia({ name: "user-routes", prefix: "/api/users" })
    .use(guard)
    .get(
      "/search",
      ({ viewer, request }) =>
        kept(request, viewer, TABLE_FAMILIES.social, () =>
          users.searchUsers(db, viewer, parseQuery(userSearchQuery, request).q),
        ),
      member,
    )
    .get("/friends", ({ viewer }) => users.listFriends(db, viewer), member)
    .get("/blocked", ({ viewer }) => users.listBlocked(db, viewer), member)
    .get("/follow-status/:userId", ({ viewer, params }) => users.followStatus(db, viewer, params.userId), {
      ...member,
      params: userIdParams,
    })
    .post("/follow", ({ viewer, body }) => users.follow(db, viewer, body.followingId, app.now()), {
      ...member,
      limit: "user.follow",
      body: followSchema,
    })
    .delete("/unfollow/:userId", ({ viewer, params }) => users.unfollow(db, viewer, params.userId), {
      ...member,
      limit: "user.follow",
      params: userIdParams,
    })
    .post("/block", ({ viewer, body }) => users.block(db, viewer, body.userId, app.now()), {
      ...member,
      limit: "user.block",
      body: blockSchema,
    })
    .delete("/block/:userId", ({ viewer, params }) => users.unblock(db, viewer, params.userId), {
      ...member,
      limit: "user.block",
      params: userIdParams,
    })
    .patch("/profile", ({ viewer, body }) => users.updateProfile(db, viewer, body, app.env.ADMIN_EMAILS), {
      ...member,
      limit: "profile.edit",
      body: updateProfileSchema,
    })
    .get("/:userId", ({ viewer, params }) => users.getPublicUser(db, viewer, params.userId), {
      ...member,
      params: userIdParams,
    });
}
