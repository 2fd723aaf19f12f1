import { Elysia } from "elysia";
import { createPostSchema, feedQuerySchema, postIdParams } from "../../../common/schemas/posts";
import { userIdParams } from "../../../common/schemas/users";
import { TABLE_FAMILIES } from "../../../db/table-versions";
import type { AppContext } from "../../context";
import { idempotencyKeyOf } from "../../http/idempotency";
import { keptAnswersOf } from "../../http/kept-by-viewer";
import { parseQuery } from "../../http/query";
import type { authGuard } from "../../policy/guard";
import * as posts from "./service";

/**
 * Spec §7 "Posts", members only; every decision about who sees a post is the policy's
 * (service.ts). The photo routes (`PUT /api/posts/photos`) live in photo-routes.ts.
 */
export function postRoutes(app: AppContext, guard: ReturnType<typeof authGuard>) {
  const db = app.database.db;
  const member = { auth: "member" } as const;
  // The lists are kept per viewer and address until a table they read moves (kept-by-viewer.ts).
  const kept = keptAnswersOf(app);
  const tables = [...TABLE_FAMILIES.social, ...TABLE_FAMILIES.posts, ...TABLE_FAMILIES.activity];
  return new Elysia({ name: "post-routes", prefix: "/api/posts" })
    .use(guard)
    .get(
      "/feed",
      ({ viewer, request }) =>
        kept(request, viewer, tables, () => posts.feedFor(db, viewer, parseQuery(feedQuerySchema, request))),
      member,
    )
    .get(
      "/community",
      ({ viewer, request }) =>
        kept(request, viewer, tables, () =>
          posts.communityFor(db, viewer, parseQuery(feedQuerySchema, request)),
        ),
      member,
    )
    .get(
      "/user/:userId",
      ({ viewer, params, request }) =>
        kept(request, viewer, tables, () =>
          posts.postsOfUser(db, viewer, params.userId, parseQuery(feedQuerySchema, request)),
        ),
      { ...member, params: userIdParams },
    )
    .post(
      "/",
      async ({ viewer, body, set, request }) => {
        const created = await posts.createPost(db, viewer, body, app.now(), idempotencyKeyOf(request));
        set.status = 201;
        return created;
      },
      { ...member, limit: "post.create", body: createPostSchema },
    )
    .get("/:id", ({ viewer, params }) => posts.getPost(db, viewer, params.id), {
      ...member,
      params: postIdParams,
    })
    .delete(
      "/:id",
      ({ viewer, params }) =>
        posts.deletePost(db, app.storage, viewer, params.id, (error) =>
          app.logger.warn("post photo files not removed", {
            postId: params.id,
            error: error instanceof Error ? error.message : String(error),
          }),
        ),
      { ...member, limit: "content.delete", params: postIdParams },
    )
    .post("/:id/like", ({ viewer, params }) => posts.likePost(db, viewer, params.id, app.now()), {
      ...member,
      limit: "post.like",
      params: postIdParams,
    })
    .delete("/:id/like", ({ viewer, params }) => posts.unlikePost(db, viewer, params.id, app.now()), {
      ...member,
      limit: "post.like",
      params: postIdParams,
    });
}
