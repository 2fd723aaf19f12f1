import { Elysia } from "elysia";
import { normalizePhotosSchema } from "../../../common/schemas/posts";
import { type authGuard, requireMemberId } from "../../policy/guard";
import type { PhotoDeps } from "../photos/service";
import { normalizePostPhotos } from "./photos";

/** Spec §7 "Posts": step 3 of the post photo flow, `PUT /api/posts/photos {photoURLs}`. */
export function postPhotoRoutes(deps: PhotoDeps, guard: ReturnType<typeof authGuard>) {
  return new Elysia({ name: "post-photo-routes" })
    .use(guard)
    .put(
      "/api/posts/photos",
      ({ viewer, body }) => normalizePostPhotos(deps, requireMemberId(viewer), body.photoURLs),
      { auth: "member", limit: "photo.process", body: normalizePhotosSchema },
    );
}
