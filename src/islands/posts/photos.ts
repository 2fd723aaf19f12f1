import { POST_PHOTO_MAX_BYTES, POST_PHOTOS_MAX, postMessages } from "../../common/schemas/posts";
import { apiRequest } from "../lib/api";

/** A failed step of creating a post, carrying the spec's text for it (§8 "Social"). */
export class PostCreateError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

/**
 * Spec §5 "Photo upload for posts": images only, each at most 10 MB, at most 4 in all.
 * Files that break a rule are skipped without a word; the ones kept come first in order.
 */
export function acceptPhotos(chosen: readonly File[], incoming: Iterable<File>): File[] {
  const kept = [...chosen];
  for (const file of incoming) {
    if (kept.length >= POST_PHOTOS_MAX) break;
    if (!file.type.startsWith("image/") || file.size > POST_PHOTO_MAX_BYTES) continue;
    kept.push(file);
  }
  return kept;
}

/** POST /api/objects/upload for a link, then PUT the file there with its own content type. */
async function uploadOne(file: File): Promise<string> {
  const { uploadURL } = await apiRequest<{ uploadURL: string }>("POST", "/api/objects/upload").catch(
    (error: unknown) => {
      throw new PostCreateError(postMessages.uploadFailed(statusText(error)), error);
    },
  );
  let put: Response;
  try {
    put = await fetch(uploadURL, {
      method: "PUT",
      credentials: "include",
      headers: { "content-type": file.type },
      body: file,
    });
  } catch (error) {
    throw new PostCreateError(postMessages.uploadFailed("network error"), error);
  }
  if (!put.ok) throw new PostCreateError(postMessages.uploadFailed(put.statusText || String(put.status)));
  return uploadURL;
}

function statusText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "network error";
}

/**
 * Spec §7 "Posts": each file goes up on its own link, then one PUT /api/posts/photos turns
 * the links into the photo paths a post may name (normalised on the server: EXIF dropped).
 */
export async function uploadPostPhotos(files: readonly File[]): Promise<string[]> {
  const photoURLs = await Promise.all(files.map(uploadOne));
  try {
    const { normalizedPaths } = await apiRequest<{ normalizedPaths: string[] }>("PUT", "/api/posts/photos", {
      photoURLs,
    });
    if (!Array.isArray(normalizedPaths)) throw new Error("no normalizedPaths");
    return normalizedPaths;
  } catch (error) {
    throw new PostCreateError(postMessages.uploadProcessFailed, error);
  }
}
