import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startS3, type TestS3 } from "../fixtures/s3-server";

/** Where uploads are stored: a folder, or a real S3-protocol server (s3rver). */
export interface StorageBackend {
  name: string;
  /** Environment for the app (where its storage is), and how to stop it. */
  start(): Promise<{ env: Record<string, string>; close(): Promise<void> }>;
}

export const storageBackends: StorageBackend[] = [
  {
    name: "disk",
    async start() {
      const dir = mkdtempSync(join(tmpdir(), "openmat-uploads-"));
      return {
        env: { UPLOADS_DIR: join(dir, "uploads") },
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "S3",
    async start() {
      const s3: TestS3 = await startS3();
      return { env: s3.env, close: () => s3.close() };
    },
  },
];
