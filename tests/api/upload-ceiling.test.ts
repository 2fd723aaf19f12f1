import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RATE_LIMIT_FALLBACK } from "../../src/common/rate-limit-body";
import { UPLOAD_TTL_SECONDS } from "../../src/server/features/photos/service";
import { bmp, halves, pngOf } from "../fixtures/photos";
import { secondCopy } from "../support/second-copy";
import { registerMember } from "../support/session";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

const MB = 1024 * 1024;
/** Two post photos' tickets (10 MB each) fit, a third does not; a profile photo's (5 MB) fits beside two. */
const CEILING_MB = 25;

let dir: string;
let t: TestApp;
// Starts at the real time: the second copy in the first test reads the real clock.
let clock = Date.now();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-upload-ceiling-"));
  t = await createTestApp(
    { UPLOADS_DIR: dir, UPLOAD_UNCLAIMED_MB: String(CEILING_MB) },
    { now: () => new Date(clock) },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const ticket = (cookie: string, path = "/api/objects/upload") => t.json("POST", path, undefined, { cookie });

describe("the bytes a member may hold unclaimed", () => {
  test("tickets asked for at once, over two copies, stop at the ceiling with the spec's 429", async () => {
    const copy = await secondCopy(t);
    try {
      const member = await registerMember(t, "uploader");
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? copy.request : t.request)("/api/objects/upload", {
            method: "POST",
            headers: { cookie: member.cookie, "sec-fetch-site": "same-origin" },
          }),
        ),
      );
      expect(responses.map((res) => res.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
      const refused = responses.find((res) => res.status === 429);
      const body = (await refused?.json()) as Record<string, number | string>;
      expect(body.message).toBe(RATE_LIMIT_FALLBACK.message);
      expect(body.limit).toBe(CEILING_MB * MB);
      expect(body.remaining).toBe(0);
      expect(body.retryAfter).toBeGreaterThan(UPLOAD_TTL_SECONDS);
      expect(refused?.headers.get("retry-after")).toBe(String(body.retryAfter));
      // A smaller ticket still fits beside them.
      expect((await ticket(member.cookie, "/api/users/profile/upload-url")).status).toBe(200);
      // Another member has a ceiling of their own.
      expect((await ticket((await registerMember(t, "other")).cookie)).status).toBe(200);
    } finally {
      await copy.close();
    }
  });

  test("a claimed upload frees its reservation at once", async () => {
    const member = await registerMember(t, "claimer");
    const first = (await (await ticket(member.cookie)).json()) as { uploadURL: string };
    expect((await ticket(member.cookie)).status).toBe(200);
    expect((await ticket(member.cookie)).status).toBe(429);
    const path = new URL(first.uploadURL).pathname;
    const png = await pngOf(bmp(40, 30, halves(40)));
    expect(
      (
        await t.request(path, {
          method: "PUT",
          headers: { origin: TEST_ORIGIN, "content-type": "image/png" },
          body: png as Uint8Array<ArrayBuffer>,
        })
      ).status,
    ).toBe(200);
    const claimed = await t.json(
      "PUT",
      "/api/posts/photos",
      { photoURLs: [first.uploadURL] },
      { cookie: member.cookie },
    );
    expect(claimed.status).toBe(200);
    expect((await ticket(member.cookie)).status).toBe(200);
  });

  test("an abandoned upload stops counting, and is deleted from disk, once it can no longer be claimed", async () => {
    const member = await registerMember(t, "abandoner");
    const links = [];
    for (let i = 0; i < 2; i++)
      links.push(((await (await ticket(member.cookie)).json()) as { uploadURL: string }).uploadURL);
    const put = await t.request(new URL(links[0] ?? "").pathname, {
      method: "PUT",
      headers: { origin: TEST_ORIGIN, "content-type": "image/png" },
      body: new Uint8Array(1000),
    });
    expect(put.status).toBe(200);
    const incoming = () =>
      existsSync(join(dir, "incoming")) ? readdirSync(join(dir, "incoming")).length : 0;
    const before = incoming();
    expect(before).toBeGreaterThan(0);
    expect((await ticket(member.cookie)).status).toBe(429);
    clock += (UPLOAD_TTL_SECONDS + 6 * 60) * 1000;
    expect((await ticket(member.cookie)).status).toBe(200);
    await t.app.jobs.runDue();
    expect(incoming()).toBe(before - 1);
  });
});
