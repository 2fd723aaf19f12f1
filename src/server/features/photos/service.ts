import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { POST_PHOTO_MAX_BYTES, postMessages } from "../../../common/schemas/posts";
import { PROFILE_PHOTO_MAX_BYTES, userMessages } from "../../../common/schemas/users";
import type { Db } from "../../../db/client";
import { HttpError, messages } from "../../http/errors";
import { tooManyRequests } from "../../http/rate-limit";
import { readLimited } from "../../http/read-limited";
import { type Storage, type StoredObject, satisfiableRange } from "../../storage";
import { PhotoRejected, type PhotoSize, renderPostPhoto, renderProfilePhoto } from "./images";
import * as q from "./queries";

export interface PhotoDeps {
  db: Db;
  storage: Storage;
  now: () => Date;
  publicUrl: string;
  /** The most bytes of uploads a member may hold unclaimed at once (UPLOAD_UNCLAIMED_MB). */
  unclaimedBytesLimit?: number;
}

/** The default ceiling of a member's unclaimed uploads: ten post photos at their largest. */
export const UNCLAIMED_BYTES_DEFAULT = 100 * 1024 * 1024;

/** An upload link works this long. */
export const UPLOAD_TTL_SECONDS = 10 * 60;
/** A photo sent just before its link expired may still be claimed for this long after. */
const CLAIM_GRACE_MS = 5 * 60_000;
/** Unclaimed uploads and their tickets are removed once this old. */
export const UPLOAD_ORPHAN_MS = 24 * 60 * 60_000;
/** The largest upload any ticket allows (post photos, spec §9). */
export const MAX_UPLOAD_BYTES = POST_PHOTO_MAX_BYTES;

export const uploadMessages = {
  notReceived: "Upload failed: no file was received. Please try again.",
} as const;

/** 128 random bits, base32: 26 characters of a-z and 2-7. */
const randomId = () => encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(16)));
const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

const ID = "[a-z2-7]{26}";
const INCOMING_KEY = new RegExp(`(?:^|/)(incoming/${ID})$`);
const UPLOAD_PATH = /^\/uploads\/([a-z2-7]{32})$/;
/** The only names GET /photos/{name} serves: our own random ids and sizes. */
const PROFILE_PHOTO_NAME = new RegExp(`^(${ID})-(96|512)\\.webp$`);
const POST_PHOTO_NAME = new RegExp(`^p-(${ID})\\.webp$`);
const PROFILE_PHOTO_PATH = new RegExp(`^/photos/(${ID})-512\\.webp$`);

const photoKey = (id: string, size: PhotoSize) => `photos/${id}-${size}.webp`;
const photoPath = (id: string) => `/${photoKey(id, 512)}`;

/** The served path of a profile photo at another size (`/photos/<id>-512.webp` → `-96.webp`). */
export function profilePhotoAt(path: string, size: PhotoSize): string {
  return path.replace(/-512\.webp$/, `-${size}.webp`);
}

/** The storage keys of a profile photo's files, when `path` is one of ours. */
function profilePhotoKeys(path: string | null | undefined): string[] {
  const id = path?.match(PROFILE_PHOTO_PATH)?.[1];
  return id ? [photoKey(id, 96), photoKey(id, 512)] : [];
}

const photoMessage = (reason: PhotoRejected["reason"]) =>
  reason === "type"
    ? new HttpError(400, userMessages.photoType)
    : new HttpError(413, reason === "pixels" ? userMessages.photoPixels : userMessages.photoSize);
const expired = () => new HttpError(410, userMessages.uploadExpired);
const notFound = () => new HttpError(404, messages.notFound);

type UploadPurpose = q.UploadTicket["purpose"];
const maxBytesFor = (purpose: UploadPurpose) =>
  purpose === "profile-photo" ? PROFILE_PHOTO_MAX_BYTES : POST_PHOTO_MAX_BYTES;

/**
 * Step 1 of spec §7's photo uploads: a single-use link, bound to the member and one
 * purpose, that takes one file (5 MB for a profile photo, 10 MB for a post photo) for the
 * next 10 minutes. The ticket's secret is only in the link (the database keeps its hash);
 * the raw bytes land at `incoming/<random>`.
 */
export async function createUploadUrl(
  deps: PhotoDeps,
  userId: number,
  purpose: UploadPurpose,
): Promise<{ uploadURL: string }> {
  const token = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  const objectKey = `incoming/${randomId()}`;
  const now = deps.now();
  const maxBytes = maxBytesFor(purpose);
  const ceiling = deps.unclaimedBytesLimit ?? UNCLAIMED_BYTES_DEFAULT;
  const claimableAfter = new Date(now.getTime() - CLAIM_GRACE_MS);
  const ticket = {
    tokenHash: hashToken(token),
    userId,
    purpose,
    objectKey,
    maxBytes,
    expiresAt: new Date(now.getTime() + UPLOAD_TTL_SECONDS * 1000),
    createdAt: now,
  };
  if (!(await q.insertTicketWithin(deps.db, ticket, ceiling, claimableAfter))) {
    throw await unclaimedCeilingReached(deps, userId, ceiling, claimableAfter);
  }
  const uploadURL = await deps.storage.signedUploadUrl(objectKey, {
    maxBytes,
    expiresInSeconds: UPLOAD_TTL_SECONDS,
    ticket: token,
  });
  return { uploadURL };
}

/**
 * The spec's 429 for a ticket past the ceiling: `limit` and `remaining` in bytes, and
 * the wait until the oldest reservation's claim window ends and frees its bytes.
 */
async function unclaimedCeilingReached(
  deps: PhotoDeps,
  userId: number,
  ceiling: number,
  claimableAfter: Date,
) {
  const oldest = await q.oldestReservationExpiry(deps.db, userId, claimableAfter);
  const freesAt = (oldest?.getTime() ?? deps.now().getTime()) + CLAIM_GRACE_MS;
  const retryAfter = Math.max(1, Math.ceil((freesAt - deps.now().getTime()) / 1000));
  return tooManyRequests({ allowed: false, limit: ceiling, remaining: 0, retryAfter });
}

const tooLarge = (purpose: UploadPurpose) =>
  purpose === "profile-photo" ? photoMessage("size") : new HttpError(413, postMessages.photoSize);

/**
 * Step 2 when the upload link is ours (`PUT /uploads/{token}`): the ticket must exist,
 * be unexpired and unused, and the body at most its maxBytes. The bytes are stored at
 * the ticket's object key, once.
 */
export async function receiveUpload(
  deps: PhotoDeps,
  token: string,
  request: {
    body: ReadableStream<Uint8Array> | null;
    contentType: string | null;
    contentLength: string | null;
  },
): Promise<void> {
  const ticket = await q.ticketByHash(deps.db, hashToken(token));
  if (!ticket) throw notFound();
  if (ticket.uploadedAt || ticket.claimedAt || ticket.expiresAt <= deps.now()) throw expired();
  if (Number(request.contentLength ?? 0) > ticket.maxBytes) throw tooLarge(ticket.purpose);
  const bytes = request.body
    ? await readLimited(request.body, ticket.maxBytes, () => tooLarge(ticket.purpose))
    : null;
  if (!bytes?.byteLength) throw new HttpError(400, uploadMessages.notReceived);
  if (!(await q.markUploaded(deps.db, ticket.tokenHash, deps.now()))) throw expired();
  const type = request.contentType?.split(";")[0]?.trim() || "application/octet-stream";
  await deps.storage.put(ticket.objectKey, bytes, type);
}

/**
 * The ticket an upload link names: ours by its token (`/uploads/{token}`), a bucket's by
 * the object key at the end of its path. The host is never looked at, so a link cannot
 * point the server anywhere else.
 */
async function ticketForUrl(deps: PhotoDeps, photoURL: string) {
  let path: string;
  try {
    path = decodeURIComponent(new URL(photoURL, deps.publicUrl).pathname);
  } catch {
    return null;
  }
  const token = path.match(UPLOAD_PATH)?.[1];
  if (token) return q.ticketByHash(deps.db, hashToken(token));
  const key = path.match(INCOMING_KEY)?.[1];
  return key ? q.ticketByObjectKey(deps.db, key) : null;
}

/**
 * Step 3's common part: the member's own, unclaimed upload for `purpose` is claimed once
 * (a second claim is refused) and its bytes read, at most the purpose's limit; the raw
 * upload is removed whatever happens next. Someone else's link is answered exactly like
 * one that does not exist.
 */
async function takeUpload(
  deps: PhotoDeps,
  userId: number,
  photoURL: string,
  purpose: UploadPurpose,
  tooBig: () => HttpError,
): Promise<Uint8Array> {
  const ticket = await ticketForUrl(deps, photoURL);
  if (!ticket || ticket.userId !== userId || ticket.purpose !== purpose) throw notFound();
  if (ticket.claimedAt || ticket.expiresAt.getTime() + CLAIM_GRACE_MS <= deps.now().getTime())
    throw expired();
  const info = await deps.storage.head(ticket.objectKey);
  if (!info) throw new HttpError(400, uploadMessages.notReceived);
  if (!(await q.markClaimed(deps.db, ticket.tokenHash, userId, deps.now()))) throw expired();
  try {
    // A bucket cannot cap what a presigned PUT sends, so the size is checked again here.
    const limit = maxBytesFor(purpose);
    if (info.size > limit) throw tooBig();
    const stored = await deps.storage.get(ticket.objectKey);
    if (!stored) throw new HttpError(400, uploadMessages.notReceived);
    return await readLimited(stored.body, limit, tooBig);
  } finally {
    await deps.storage.delete(ticket.objectKey);
  }
}

/**
 * Step 3 for a profile photo: the bytes are judged by their magic numbers, decoded and
 * re-encoded as 96 and 512 px square WebPs with no metadata, stored under new random
 * keys, and the previous photo's files are removed.
 */
export async function claimProfilePhoto(
  deps: PhotoDeps,
  userId: number,
  photoURL: string,
): Promise<{ profilePhoto: string }> {
  const bytes = await takeUpload(deps, userId, photoURL, "profile-photo", () => photoMessage("size"));
  const sizes = await renderProfilePhoto(bytes).catch((error) => {
    throw error instanceof PhotoRejected ? photoMessage(error.reason) : error;
  });
  const id = randomId();
  await Promise.all([
    deps.storage.put(photoKey(id, 96), sizes[96], "image/webp"),
    deps.storage.put(photoKey(id, 512), sizes[512], "image/webp"),
  ]);
  const previous = await setProfilePhoto(deps.db, userId, photoPath(id));
  await deleteKeys(deps.storage, profilePhotoKeys(previous));
  return { profilePhoto: photoPath(id) };
}

const postPhotoTexts = {
  type: postMessages.photoType,
  size: postMessages.photoSize,
  pixels: postMessages.photoPixels,
} as const;
const postPhotoError = (reason: PhotoRejected["reason"]) =>
  new HttpError(reason === "type" ? 400 : 413, postPhotoTexts[reason]);

/** Step 3 for a post photo: the upload's bytes, checked and taken once (see takeUpload). */
export const takePostUpload = (deps: PhotoDeps, userId: number, photoURL: string) =>
  takeUpload(deps, userId, photoURL, "post-photo", () => postPhotoError("size"));

/**
 * A post photo's bytes decoded, re-encoded without metadata and stored under a new random
 * name. The caller records who owns it; `path` is what pages show.
 */
export async function storePostPhoto(
  storage: Storage,
  bytes: Uint8Array,
): Promise<{ id: string; path: string; key: string }> {
  const webp = await renderPostPhoto(bytes).catch((error) => {
    throw error instanceof PhotoRejected ? postPhotoError(error.reason) : error;
  });
  const id = randomId();
  const key = postPhotoKey(id);
  await storage.put(key, webp, "image/webp");
  return { id, path: `/${key}`, key };
}

export const postPhotoKey = (id: string) => `photos/p-${id}.webp`;

/** Sets the user's photo and answers the one it replaced. */
async function setProfilePhoto(db: Db, userId: number, next: string | null): Promise<string | null> {
  for (;;) {
    const row = await q.profilePhotoOf(db, userId);
    if (!row) throw notFound();
    if (await q.replaceProfilePhoto(db, userId, row.profilePhoto, next)) return row.profilePhoto;
  }
}

export const deleteKeys = (storage: Storage, keys: string[]) =>
  Promise.all(keys.map((key) => storage.delete(key)));

/**
 * Removes a member's photos from storage: the profile photo's files and any upload not
 * yet claimed. The account-deletion flow calls it before the user row goes.
 */
export async function deleteUserPhotos(db: Db, storage: Storage, userId: number): Promise<void> {
  const previous = (await q.profilePhotoOf(db, userId))?.profilePhoto ?? null;
  if (previous) await setProfilePhoto(db, userId, null);
  await deleteKeys(storage, [...profilePhotoKeys(previous), ...(await q.unclaimedKeysOf(db, userId))]);
}

/**
 * The pruning job's step: tickets older than a day go, and so do unclaimed ones whose claim
 * window has ended, with their raw objects (claimed ones were removed when processed), so an
 * abandoned upload holds its disk space for minutes, not a day.
 */
export async function pruneUploadTickets(db: Db, storage: Storage, now: Date, limit: number) {
  const stale = await q.staleTickets(
    db,
    new Date(now.getTime() - UPLOAD_ORPHAN_MS),
    new Date(now.getTime() - CLAIM_GRACE_MS),
    limit,
  );
  if (!stale.length) return 0;
  await deleteKeys(
    storage,
    stale.filter((t) => !t.claimedAt).map((t) => t.objectKey),
  );
  await q.deleteTickets(
    db,
    stale.map((t) => t.tokenHash),
  );
  return stale.length;
}

/**
 * What GET /photos/{name} may serve: our own names only, with who may see them. Profile
 * photos are for anyone who can see the profile page, and their 128-bit random names are
 * not guessable. A post photo (`p-<id>.webp`) is checked against its post's visibility
 * (through `postPhotoId`) before anything is read.
 */
export function photoForName(
  name: string,
): { key: string; access: "public" } | { key: string; access: "post"; postPhotoId: string } | null {
  const post = name.match(POST_PHOTO_NAME);
  if (post) return { key: postPhotoKey(post[1] as string), access: "post", postPhotoId: post[1] as string };
  const match = name.match(PROFILE_PHOTO_NAME);
  if (!match) return null;
  return { key: photoKey(match[1] as string, Number(match[2]) as PhotoSize), access: "public" };
}

export type PhotoRead =
  | { status: 200 | 206; object: StoredObject }
  | { status: 404 }
  | { status: 416; size: number };

/** Reads a served photo, a single byte range of it when asked. */
export async function readPhoto(
  storage: Storage,
  key: string,
  rangeHeader: string | null,
): Promise<PhotoRead> {
  const info = await storage.head(key);
  if (!info) return { status: 404 };
  const range = satisfiableRange(rangeHeader, info.size);
  if (range === "unsatisfiable") return { status: 416, size: info.size };
  const object = await storage.get(key, range ?? undefined);
  if (!object) return { status: 404 };
  return { status: range ? 206 : 200, object };
}
