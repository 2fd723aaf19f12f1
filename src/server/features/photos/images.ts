import { PHOTO_MAX_PIXELS } from "../../../common/schemas/photos";
import { cropPng, decodePng } from "./png";

/** What the bytes say they are: JPEG, PNG or WebP by their magic numbers, else null. */
export type PhotoFormat = "jpeg" | "png" | "webp";

export function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  const at = (i: number) => bytes[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpeg";
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return "png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** A decompression bomb's guard: no photo may claim more pixels than this. */
export const MAX_PHOTO_PIXELS = PHOTO_MAX_PIXELS;
/** The square sizes pages use: 96 for lists and avatars, 512 for the profile header. */
export const PHOTO_SIZES = [96, 512] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];
const LARGEST = 512;
/** Panoramas are cut from an intermediate at most this many times the square's side. */
const MAX_ASPECT = 8;
const WEBP_QUALITY = 82;

/** The centred square of a PNG, or null when its layout is not one `decodePng` reads. */
function centreSquare(png: Uint8Array): Uint8Array | null {
  let raw: ReturnType<typeof decodePng>;
  try {
    raw = decodePng(png);
  } catch {
    return null;
  }
  const side = Math.min(raw.width, raw.height);
  return cropPng(raw, (raw.width - side) >> 1, (raw.height - side) >> 1, side);
}

/**
 * Why a photo was refused: `type`, not a JPEG, PNG or WebP that decodes; `size`, more bytes
 * than the upload allows; `pixels`, a canvas over MAX_PHOTO_PIXELS, however few its bytes
 * (the member is told that, not that the file is over its byte limit).
 */
export type PhotoRejection = "type" | "size" | "pixels";

const rejectionTexts: Record<PhotoRejection, string> = {
  type: "not a photo we can read",
  size: "photo too large",
  pixels: "photo has too many pixels",
};

export class PhotoRejected extends Error {
  constructor(readonly reason: PhotoRejection) {
    super(rejectionTexts[reason]);
  }
}

const imageErrorCode = (error: unknown) => (error as { code?: string } | null)?.code ?? "";

/** A canvas over MAX_PHOTO_PIXELS is `pixels`; an empty one is no photo at all (`type`). */
function checkCanvas(width: number, height: number): void {
  if (!(width >= 1 && height >= 1)) throw new PhotoRejected("type");
  if (width * height > MAX_PHOTO_PIXELS) throw new PhotoRejected("pixels");
}

async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = imageErrorCode(error);
    if (code === "ERR_IMAGE_TOO_MANY_PIXELS") throw new PhotoRejected("pixels");
    if (code.startsWith("ERR_IMAGE_")) throw new PhotoRejected("type");
    throw error;
  }
}

/**
 * Decodes a JPEG, PNG or WebP and re-encodes it as square WebPs, one per size in
 * PHOTO_SIZES. The source's EXIF orientation is applied first; nothing of its metadata
 * (EXIF, GPS, XMP) reaches the output, which is built from pixels alone. The header is
 * read before any pixel is decoded, so a small file claiming a huge canvas is refused
 * cheaply (`PhotoRejected("pixels")`); bytes that are not one of the three formats, or do
 * not decode, are `PhotoRejected("type")`.
 */
export async function renderProfilePhoto(bytes: Uint8Array): Promise<Record<PhotoSize, Uint8Array>> {
  if (!sniffPhotoFormat(bytes)) throw new PhotoRejected("type");
  const options = { maxPixels: MAX_PHOTO_PIXELS, autoOrient: true };
  const { width, height } = await guarded(new Bun.Image(bytes, options).metadata());
  checkCanvas(width, height);
  // Fit inside a square box whose side is the long edge once the short edge is LARGEST:
  // whatever the orientation turns out to be, the short edge comes out LARGEST.
  const aspect = Math.min(MAX_ASPECT, Math.max(width, height) / Math.min(width, height));
  const box = Math.ceil(LARGEST * aspect);
  const oriented = await guarded(
    new Bun.Image(bytes, options).resize(box, box, { fit: "inside" }).png({ compressionLevel: 1 }).bytes(),
  );
  const square = centreSquare(oriented);
  const out = await Promise.all(
    PHOTO_SIZES.map((size) =>
      guarded(
        (square
          ? new Bun.Image(square).resize(size, size)
          : // A PNG layout the cropper does not read: fit the whole picture instead.
            new Bun.Image(oriented).resize(size, size, { fit: "inside" })
        )
          .webp({ quality: WEBP_QUALITY })
          .bytes(),
      ),
    ),
  );
  return Object.fromEntries(PHOTO_SIZES.map((size, i) => [size, out[i]])) as Record<PhotoSize, Uint8Array>;
}

/** A post photo's long edge at most; phones' 12 MP shots come down to about 1 MP. */
export const POST_PHOTO_MAX_EDGE = 1600;

/**
 * Decodes a JPEG, PNG or WebP and re-encodes it as one WebP whose long edge is at most
 * POST_PHOTO_MAX_EDGE, the whole picture kept (no crop). As with profile photos, the
 * orientation is applied and no metadata (EXIF, GPS, XMP) survives: the output is built
 * from pixels alone.
 */
export async function renderPostPhoto(bytes: Uint8Array): Promise<Uint8Array> {
  if (!sniffPhotoFormat(bytes)) throw new PhotoRejected("type");
  const options = { maxPixels: MAX_PHOTO_PIXELS, autoOrient: true };
  const { width, height } = await guarded(new Bun.Image(bytes, options).metadata());
  checkCanvas(width, height);
  const edge = Math.min(POST_PHOTO_MAX_EDGE, Math.max(width, height));
  return guarded(
    new Bun.Image(bytes, options)
      .resize(edge, edge, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .bytes(),
  );
}
