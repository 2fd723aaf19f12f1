import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEnv } from "../../src/server/env";
import { createStorage, type Storage, satisfiableRange } from "../../src/server/storage";
import { startS3, type TestS3 } from "../fixtures/s3-server";

/** The same contract, run against both backends the app can be configured with. */
const backends: { name: string; start(): Promise<{ storage: Storage; close(): Promise<void> }> }[] = [
  {
    name: "disk (UPLOADS_DIR)",
    async start() {
      const dir = mkdtempSync(join(tmpdir(), "openmat-storage-"));
      const env = loadEnv({ UPLOADS_DIR: join(dir, "uploads"), PUBLIC_URL: "http://localhost:3000" });
      return {
        storage: createStorage(env),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "S3 (s3rver through Bun.S3Client)",
    async start() {
      const s3: TestS3 = await startS3();
      return { storage: createStorage(loadEnv({ ...s3.env })), close: () => s3.close() };
    },
  },
];

const bytes = (text: string) => new TextEncoder().encode(text);
const text = async (body: ReadableStream<Uint8Array>) =>
  new TextDecoder().decode(await new Response(body).bytes());

for (const backend of backends) {
  describe(`storage contract: ${backend.name}`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await backend.start());
    });
    afterAll(() => close());

    it("puts, heads and gets an object with its type", async () => {
      await storage.put("photos/abc-512.webp", bytes("hello, storage"), "image/webp");
      expect(await storage.exists("photos/abc-512.webp")).toBe(true);
      expect(await storage.head("photos/abc-512.webp")).toEqual({ size: 14, contentType: "image/webp" });
      const got = await storage.get("photos/abc-512.webp");
      expect(got?.size).toBe(14);
      expect(got?.contentType).toBe("image/webp");
      expect(got?.range).toBeNull();
      expect(await text(got?.body as ReadableStream<Uint8Array>)).toBe("hello, storage");
    });

    it("gets a byte range", async () => {
      await storage.put("ranges/r", bytes("0123456789"), "application/octet-stream");
      const got = await storage.get("ranges/r", { start: 2, end: 5 });
      expect(got?.size).toBe(10);
      expect(got?.range).toEqual({ start: 2, end: 5 });
      expect(await text(got?.body as ReadableStream<Uint8Array>)).toBe("2345");
      const tail = await storage.get("ranges/r", { start: 7, end: 9 });
      expect(await text(tail?.body as ReadableStream<Uint8Array>)).toBe("789");
    });

    it("overwrites, deletes, and treats a missing object as absent", async () => {
      await storage.put("over/x", bytes("one"), "text/plain");
      await storage.put("over/x", bytes("two!"), "text/plain");
      expect(await text((await storage.get("over/x"))?.body as ReadableStream<Uint8Array>)).toBe("two!");
      await storage.delete("over/x");
      expect(await storage.exists("over/x")).toBe(false);
      expect(await storage.head("over/x")).toBeNull();
      expect(await storage.get("over/x")).toBeNull();
      await storage.delete("over/x"); // deleting again is fine
      await storage.delete("never/was");
    });

    it("refuses keys that could leave the store", async () => {
      for (const key of ["../etc/passwd", "/abs", "a/../b", ".hidden", "a//b", "a/.types", ""]) {
        await expect(storage.put(key, bytes("x"), "text/plain")).rejects.toThrow(/invalid storage key/);
      }
    });

    it("a signed upload URL takes a real PUT that lands the object, readable back, then deleted", async () => {
      const url = await storage.signedUploadUrl("incoming/signed", {
        contentType: "image/png",
        maxBytes: 1024,
        expiresInSeconds: 600,
        ticket: "t".repeat(32),
      });
      const parsed = new URL(url);
      if (storage.uploadOrigin) {
        // The bucket's own presigned PUT: send it over the network, as the browser would.
        expect(parsed.origin).toBe(storage.uploadOrigin);
        expect(parsed.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
        const put = await fetch(url, {
          method: "PUT",
          headers: { "content-type": "image/png" },
          body: bytes("uploaded bytes"),
        });
        expect(put.status).toBe(200);
      } else {
        // Our own upload route carries the ticket; the route stores through put().
        expect(url).toBe(`http://localhost:3000/uploads/${"t".repeat(32)}`);
        await storage.put("incoming/signed", bytes("uploaded bytes"), "image/png");
      }
      expect(await storage.head("incoming/signed")).toEqual({ size: 14, contentType: "image/png" });
      expect(await text((await storage.get("incoming/signed"))?.body as ReadableStream<Uint8Array>)).toBe(
        "uploaded bytes",
      );
      await storage.delete("incoming/signed");
      expect(await storage.exists("incoming/signed")).toBe(false);
    });
  });
}

describe("S3 presigned URLs", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());

  it("an expired presigned PUT is refused by the bucket", async () => {
    const storage = createStorage(loadEnv({ ...s3.env }));
    const url = new URL(
      await storage.signedUploadUrl("incoming/late", { maxBytes: 10, expiresInSeconds: 1, ticket: "x" }),
    );
    // Signed long ago, valid for one second.
    url.searchParams.set("X-Amz-Date", "20200101T000000Z");
    const put = await fetch(url, { method: "PUT", body: bytes("late") });
    expect(put.status).toBe(403);
    expect(await storage.exists("incoming/late")).toBe(false);
  });

  it("an unknown access key is refused", async () => {
    const storage = createStorage(loadEnv({ ...s3.env, S3_ACCESS_KEY_ID: "NOBODY" }));
    await expect(storage.put("x/y", bytes("z"), "text/plain")).rejects.toThrow();
  });
});

describe("satisfiableRange", () => {
  it("reads one byte range the way HTTP means it", () => {
    expect(satisfiableRange(null, 10)).toBeNull();
    expect(satisfiableRange("bytes=2-5", 10)).toEqual({ start: 2, end: 5 });
    expect(satisfiableRange("bytes=7-", 10)).toEqual({ start: 7, end: 9 });
    expect(satisfiableRange("bytes=-3", 10)).toEqual({ start: 7, end: 9 });
    expect(satisfiableRange("bytes=5-100", 10)).toEqual({ start: 5, end: 9 });
    expect(satisfiableRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(satisfiableRange("bytes=0-1,4-5", 10)).toBeNull();
    expect(satisfiableRange("items=0-1", 10)).toBeNull();
  });
});
