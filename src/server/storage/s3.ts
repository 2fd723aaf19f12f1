import { assertKey, type ByteRange, type ObjectInfo, type Storage, type StoredObject } from "./storage";

export interface S3Options {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const isMissing = (error: unknown) =>
  (error as { code?: string } | null)?.code === "NoSuchKey" ||
  (error as { code?: string } | null)?.code === "NotFound";

/**
 * Objects in any S3-compatible bucket through Bun.S3Client. Browsers upload straight to
 * the bucket with a presigned PUT (the bucket's CORS rules must allow PUT from
 * PUBLIC_URL); reads go through this server.
 */
export function s3Storage(options: S3Options): Storage {
  const client = new Bun.S3Client({
    bucket: options.bucket,
    endpoint: options.endpoint || undefined,
    region: options.region || undefined,
    accessKeyId: options.accessKeyId || undefined,
    secretAccessKey: options.secretAccessKey || undefined,
  });

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await client.stat(assertKey(key));
      return { size: stat.size, contentType: stat.type || "application/octet-stream" };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  const presignPut = (key: string, expiresIn: number, type?: string) =>
    client.presign(assertKey(key), { method: "PUT", expiresIn, ...(type ? { type } : {}) });

  return {
    uploadOrigin: new URL(presignPut("origin-probe", 60)).origin,
    async put(key, bytes, contentType) {
      await client.write(assertKey(key), bytes, { type: contentType });
    },
    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const info = await head(key);
      if (!info) return null;
      const file = client.file(key);
      const blob = range ? file.slice(range.start, range.end + 1) : file;
      return { ...info, body: blob.stream(), range: range ?? null };
    },
    head,
    exists: (key) => client.exists(assertKey(key)),
    async delete(key) {
      try {
        await client.delete(assertKey(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    async signedUploadUrl(key, { contentType, expiresInSeconds }) {
      return presignPut(key, expiresInSeconds, contentType);
    },
  };
}
