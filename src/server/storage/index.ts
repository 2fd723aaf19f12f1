import type { Env } from "../env";
import { diskStorage } from "./disk";
import { s3Storage } from "./s3";
import type { Storage } from "./storage";

export type { ByteRange, ObjectInfo, Storage, StoredObject, UploadUrlOptions } from "./storage";
export { satisfiableRange } from "./storage";

/** The bucket when S3_BUCKET is set, else the folder UPLOADS_DIR. */
export function createStorage(
  env: Pick<
    Env,
    | "PUBLIC_URL"
    | "UPLOADS_DIR"
    | "S3_BUCKET"
    | "S3_ENDPOINT"
    | "S3_REGION"
    | "S3_ACCESS_KEY_ID"
    | "S3_SECRET_ACCESS_KEY"
  >,
): Storage {
  if (env.S3_BUCKET) {
    return s3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return diskStorage({ root: env.UPLOADS_DIR, publicUrl: env.PUBLIC_URL });
}
