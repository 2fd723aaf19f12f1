/**
 * One object store for uploads and photos. Two backends implement it (a folder on disk,
 * an S3-compatible bucket); nothing outside `src/server/storage/` knows which is in use.
 */

/** Inclusive byte range, already checked against the object's size (see `satisfiableRange`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  /** Size of the whole object in bytes. */
  size: number;
  contentType: string;
}

export interface StoredObject extends ObjectInfo {
  /** The object's bytes, or only those of the range asked for. */
  body: ReadableStream<Uint8Array>;
  /** The range the body holds, when one was asked for. */
  range: ByteRange | null;
}

export interface UploadUrlOptions {
  /** Declared type of the upload; backends that sign it make the client send it. */
  contentType?: string;
  /** The most bytes the upload may hold (our own route refuses more while reading). */
  maxBytes: number;
  expiresInSeconds: number;
  /**
   * The upload ticket's secret: a backend without its own signed URLs returns a URL on
   * this server (`PUT /uploads/{ticket}`) carrying it. Backends that sign their own URLs
   * ignore it.
   */
  ticket: string;
}

export interface Storage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A URL the browser may PUT one object to, until it expires. */
  signedUploadUrl(key: string, options: UploadUrlOptions): Promise<string>;
  /**
   * The origin signed upload URLs point at when it is not this server's (a bucket), so
   * the page's Content-Security-Policy can allow `fetch` to it; null otherwise.
   */
  readonly uploadOrigin: string | null;
}

/**
 * Keys are `/`-separated segments of letters, digits, `_`, `-` and `.`, none starting with
 * a dot: no `..`, no absolute paths, no hidden files, the same on every backend.
 */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;
export const MAX_KEY_LENGTH = 512;

export function assertKey(key: string): string {
  if (key.length > MAX_KEY_LENGTH || !KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/**
 * The inclusive range a single-range `Range: bytes=…` header asks for in an object of
 * `size` bytes; null when the header is absent or not one we honour (the whole object is
 * sent), "unsatisfiable" when it starts past the end.
 */
export function satisfiableRange(header: string | null, size: number): ByteRange | "unsatisfiable" | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
