import { Elysia } from "elysia";
import * as v from "valibot";
import { jsonResponse, messages } from "../../http/errors";
import type { RawBodyRoute } from "../../http/pipeline";
import { type authGuard, requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import * as photos from "./service";

const claimBody = v.object({
  photoURL: v.pipe(
    v.string("photoURL must be a string"),
    v.nonEmpty("photoURL is required"),
    v.maxLength(2048),
  ),
});

/**
 * The one route that takes a body other than JSON: the bytes of an upload, through our
 * own signed link. Declared to the pipeline, which caps it before the route's own check
 * of the ticket's limit.
 */
export const uploadBodyRoute: RawBodyRoute = {
  method: "PUT",
  path: /^\/uploads\/[^/]+$/,
  maxBytes: photos.MAX_UPLOAD_BYTES,
};

/** Served photos never change under a name: cache them for a year. */
const PHOTO_HEADERS = {
  "cache-control": "public, max-age=31536000, immutable",
  "content-type": "image/webp",
  "content-disposition": "inline",
  "x-content-type-options": "nosniff",
  "accept-ranges": "bytes",
};

const PRIVATE_PHOTO_HEADERS = { "cache-control": "private, max-age=86400", vary: "cookie" };

const jsonNotFound = () => jsonResponse(404, { message: messages.notFound });

/** Whether the viewer may see a post photo; the posts feature answers it from the post's visibility. */
export type PostPhotoAccess = (viewer: PolicyViewer, postPhotoId: string) => Promise<boolean>;

/**
 * Spec §7 photo uploads (link, PUT, claim) and GET /photos/{name}. Post photos are served
 * only to whom their post's visibility allows; to anyone else they do not exist.
 */
export function photoRoutes(
  deps: photos.PhotoDeps,
  guard: ReturnType<typeof authGuard>,
  postPhotoAccess: PostPhotoAccess,
) {
  // Made per app: Elysia's macros rewrite a route's options object in place, so one shared
  // at module level would carry the first app's hooks into every later one.
  const member = { auth: "member" } as const;
  const uploadTicket = { ...member, limit: "upload.ticket" } as const;
  return (
    new Elysia({ name: "photo-routes" })
      .use(guard)
      .post(
        "/api/users/profile/upload-url",
        ({ viewer }) => photos.createUploadUrl(deps, requireMemberId(viewer), "profile-photo"),
        uploadTicket,
      )
      // Spec §7 "Posts": step 1 of a post photo's upload.
      .post(
        "/api/objects/upload",
        ({ viewer }) => photos.createUploadUrl(deps, requireMemberId(viewer), "post-photo"),
        uploadTicket,
      )
      .post(
        "/api/users/profile/upload-photo",
        ({ viewer, body }) => photos.claimProfilePhoto(deps, requireMemberId(viewer), body.photoURL),
        { ...member, limit: "photo.process", body: claimBody },
      )
      .put(
        "/uploads/:token",
        async ({ params, request }) => {
          await photos.receiveUpload(deps, params.token, {
            body: request.body,
            contentType: request.headers.get("content-type"),
            contentLength: request.headers.get("content-length"),
          });
          return new Response(null, { status: 200 });
        },
        { parse: "none" },
      )
      .get("/photos/:name", async ({ params, request, viewer }) => {
        const photo = photos.photoForName(params.name);
        if (!photo) return jsonNotFound();
        if (photo.access === "post" && !(await postPhotoAccess(viewer, photo.postPhotoId)))
          return jsonNotFound();
        const read = await photos.readPhoto(deps.storage, photo.key, request.headers.get("range"));
        if (read.status === 404) return jsonNotFound();
        if (read.status === 416) {
          return new Response(null, { status: 416, headers: { "content-range": `bytes */${read.size}` } });
        }
        const { object } = read;
        // A post photo is for some members only: no shared cache may keep it, and it varies by who asks.
        const headers: Record<string, string> =
          photo.access === "post" ? { ...PHOTO_HEADERS, ...PRIVATE_PHOTO_HEADERS } : { ...PHOTO_HEADERS };
        if (object.range) {
          headers["content-range"] = `bytes ${object.range.start}-${object.range.end}/${object.size}`;
          headers["content-length"] = String(object.range.end - object.range.start + 1);
        } else headers["content-length"] = String(object.size);
        return new Response(object.body, { status: read.status, headers });
      })
  );
}
