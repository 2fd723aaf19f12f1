import { Elysia } from "elysia";
import * as v from "valibot";
import { authMessages } from "../../../common/schemas/auth";
import { HttpError, jsonResponse, messages } from "../../http/errors";
import type { RawBodyRoute } from "../../http/pipeline";
import type { authGuard } from "../../policy/guard";
import { viewerId } from "../../policy/viewer";
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

const jsonNotFound = () => jsonResponse(404, { message: messages.notFound });

const member = { auth: "member" } as const;

/** The signed-in member's id; the `auth: "member"` option has already answered guests 401. */
function memberId(viewer: Parameters<typeof viewerId>[0]): number {
  const id = viewerId(viewer);
  if (id === null) throw new HttpError(401, authMessages.notSignedIn);
  return id;
}

/** Spec §7 profile photo upload (link, PUT, claim) and GET /photos/{name}. */
export function photoRoutes(deps: photos.PhotoDeps, guard: ReturnType<typeof authGuard>) {
  return new Elysia({ name: "photo-routes" })
    .use(guard)
    .post(
      "/api/users/profile/upload-url",
      ({ viewer }) => photos.createProfileUploadUrl(deps, memberId(viewer)),
      member,
    )
    .post(
      "/api/users/profile/upload-photo",
      ({ viewer, body }) => photos.claimProfilePhoto(deps, memberId(viewer), body.photoURL),
      { ...member, body: claimBody },
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
    .get("/photos/:name", async ({ params, request }) => {
      const photo = photos.photoForName(params.name);
      // Every served photo is public today; a private one will be checked against the viewer here.
      if (!photo) return jsonNotFound();
      const read = await photos.readPhoto(deps.storage, photo.key, request.headers.get("range"));
      if (read.status === 404) return jsonNotFound();
      if (read.status === 416) {
        return new Response(null, { status: 416, headers: { "content-range": `bytes */${read.size}` } });
      }
      const { object } = read;
      const headers: Record<string, string> = { ...PHOTO_HEADERS };
      if (object.range) {
        headers["content-range"] = `bytes ${object.range.start}-${object.range.end}/${object.size}`;
        headers["content-length"] = String(object.range.end - object.range.start + 1);
      } else headers["content-length"] = String(object.size);
      return new Response(object.body, { status: read.status, headers });
    });
}
