import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import exifr from "exifr";
import { PROFILE_PHOTO_MAX_BYTES, userMessages } from "../../src/common/schemas/users";
import { createStorage, type Storage } from "../../src/server/storage";
import { bmp, exifBlock, GPS, halves, jpegOf, pixelAt, pngOf, webpOf, withExif } from "../fixtures/photos";
import { registerMember } from "../support/session";
import { storageBackends } from "../support/storage-backends";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PHOTO_PATH = /^\/photos\/[a-z2-7]{26}-512\.webp$/;

/** A phone photo: 300×200, red left and blue right, stored sideways (EXIF orientation 6), with GPS. */
const phoneJpeg = async () => withExif(await jpegOf(bmp(300, 200, halves(300))), 6);

/** The RIFF chunks of a WebP file: any metadata it carries (EXIF, XMP) is one of them. */
function webpChunks(bytes: Uint8Array): { type: string; data: Uint8Array }[] {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  expect(ascii(0, 4)).toBe("RIFF");
  expect(ascii(8, 12)).toBe("WEBP");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true);
    chunks.push({ type: ascii(at, at + 4), data: bytes.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/** The EXIF a WebP carries, read by exifr from its EXIF chunk (exifr reads no WebP container). */
async function webpExif(webp: Uint8Array) {
  const chunk = webpChunks(webp).find((c) => c.type === "EXIF");
  return chunk ? await exifr.parse(Buffer.from(chunk.data), { gps: true, tiff: true }) : undefined;
}

/** `webp` with an EXIF chunk appended: shows `webpExif` would find one. */
function withWebpExif(webp: Uint8Array, tiff: Uint8Array): Uint8Array {
  const chunk = Buffer.alloc(8 + tiff.length + (tiff.length % 2));
  chunk.write("EXIF", 0, "latin1");
  chunk.writeUInt32LE(tiff.length, 4);
  chunk.set(tiff, 8);
  const out = Buffer.concat([webp, chunk]);
  out.writeUInt32LE(out.length - 8, 4);
  return new Uint8Array(out);
}

const containsAscii = (bytes: Uint8Array, text: string) =>
  Buffer.from(bytes).includes(Buffer.from(text, "latin1"));

for (const backend of storageBackends) {
  describe(`profile photos on ${backend.name} storage`, () => {
    let now = new Date("2026-06-01T12:00:00Z").getTime();
    let t: TestApp;
    let storage: Storage;
    let closeBackend: () => Promise<void>;

    beforeAll(async () => {
      const started = await backend.start();
      closeBackend = started.close;
      t = await createTestApp(started.env, { now: () => new Date(now) });
      storage = createStorage(t.env);
    });
    afterAll(async () => {
      await t.close();
      await closeBackend();
    });

    const uploadUrl = async (cookie?: string) => {
      const res = await t.json("POST", "/api/users/profile/upload-url", undefined, cookie ? { cookie } : {});
      return { res, uploadURL: ((await res.clone().json()) as { uploadURL?: string }).uploadURL ?? "" };
    };
    /** PUT as the browser does: to our own server through the pipeline, or straight to the bucket. */
    const put = (url: string, body: Uint8Array, type = "image/jpeg") => {
      const init: RequestInit = {
        method: "PUT",
        headers: { "content-type": type, "sec-fetch-site": "same-origin" },
        body: body as Uint8Array<ArrayBuffer>,
      };
      return url.startsWith(`${TEST_ORIGIN}/`) ? t.app.handle(new Request(url, init)) : fetch(url, init);
    };
    const claim = (cookie: string, photoURL: string) =>
      t.json("POST", "/api/users/profile/upload-photo", { photoURL }, { cookie });
    const photoOf = async (userId: number) =>
      (
        await t.app.context.database.client.execute({
          sql: "select profile_photo from users where id = ?",
          args: [userId],
        })
      ).rows[0]?.[0] ?? null;
    const ticketKey = async (uploadURL: string) => {
      const rows = await t.app.context.database.client.execute(
        "select object_key from upload_tickets order by created_at desc, rowid desc limit 1",
      );
      const key = String(rows.rows[0]?.[0]);
      if (!backend.name.startsWith("disk")) expect(new URL(uploadURL).pathname.endsWith(key)).toBe(true);
      return key;
    };
    /** The whole flow; answers the claim's response. */
    const uploadPhoto = async (cookie: string, bytes: Uint8Array, type = "image/jpeg") => {
      const { uploadURL } = await uploadUrl(cookie);
      const sent = await put(uploadURL, bytes, type);
      expect(sent.status).toBe(200);
      return claim(cookie, uploadURL);
    };
    const keyOf = (path: string) => path.slice(1);

    it("turns a phone JPEG into 512 and 96 px WebPs without EXIF or GPS, upright", async () => {
      const member = await registerMember(t);
      const jpeg = await phoneJpeg();
      // The source really carries a position and an orientation.
      expect(await exifr.gps(jpeg)).toEqual({ latitude: GPS.latitude, longitude: GPS.longitude });
      expect((await exifr.parse(jpeg, ["Orientation"]))?.Orientation).toBe("Rotate 90 CW");

      const { res, uploadURL } = await uploadUrl(member.cookie);
      expect(res.status).toBe(200);
      const rawKey = await ticketKey(uploadURL);
      expect((await put(uploadURL, jpeg)).status).toBe(200);
      expect(await storage.exists(rawKey)).toBe(true);

      const claimed = await claim(member.cookie, uploadURL);
      expect(claimed.status).toBe(200);
      const { profilePhoto } = (await claimed.json()) as { profilePhoto: string };
      expect(profilePhoto).toMatch(PHOTO_PATH);
      expect(await photoOf(member.id)).toBe(profilePhoto);
      expect(await storage.exists(rawKey)).toBe(false);

      const served = await t.request(profilePhoto);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served.headers.get("content-disposition")).toBe("inline");
      const webp = new Uint8Array(await served.arrayBuffer());
      expect(await new Bun.Image(webp).metadata()).toEqual({ width: 512, height: 512, format: "webp" });
      // No metadata chunk at all (EXIF, XMP): image data only, and none of the source's EXIF bytes.
      for (const { type } of webpChunks(webp))
        expect(["VP8 ", "VP8L", "VP8X", "ALPH", "ICCP"]).toContain(type);
      expect(await webpExif(webp)).toBeUndefined();
      expect(containsAscii(webp, "Exif")).toBe(false);
      expect(containsAscii(webp, "Phone")).toBe(false);
      // The check is real: the same WebP with the source's EXIF block attached reads as GPS.
      expect(await webpExif(withWebpExif(webp, exifBlock(6)))).toMatchObject({
        latitude: GPS.latitude,
        longitude: GPS.longitude,
      });
      // Upright: the red (left) half of the sideways picture is now on top.
      const [r1, , b1] = await pixelAt(webp, 256, 40);
      const [r2, , b2] = await pixelAt(webp, 256, 470);
      expect(r1).toBeGreaterThan(150);
      expect(b1).toBeLessThan(100);
      expect(b2).toBeGreaterThan(150);
      expect(r2).toBeLessThan(100);

      const small = await t.request(profilePhoto.replace("-512.webp", "-96.webp"));
      expect(small.status).toBe(200);
      const smallWebp = new Uint8Array(await small.arrayBuffer());
      expect(await webpExif(smallWebp)).toBeUndefined();
      expect(containsAscii(smallWebp, "Phone")).toBe(false);
      expect(await new Bun.Image(smallWebp).metadata()).toEqual({
        width: 96,
        height: 96,
        format: "webp",
      });

      const part = await t.request(profilePhoto, { headers: { range: "bytes=0-11" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 0-11/${webp.length}`);
      expect(Buffer.from(await part.arrayBuffer()).toString("latin1")).toBe(
        Buffer.from(webp.subarray(0, 12)).toString("latin1"),
      );
    });

    it("judges by bytes: a PNG sent as image/jpeg is accepted, and so is a WebP", async () => {
      const member = await registerMember(t);
      const png = await pngOf(bmp(64, 48, () => [10, 200, 10]));
      const asPng = await uploadPhoto(member.cookie, png, "image/jpeg");
      expect(asPng.status).toBe(200);
      const webp = await webpOf(bmp(40, 40, () => [10, 10, 200]));
      expect((await uploadPhoto(member.cookie, webp, "image/png")).status).toBe(200);
    });

    it("a new photo replaces the old one and its files go", async () => {
      const member = await registerMember(t);
      const first = (
        (await (await uploadPhoto(member.cookie, await phoneJpeg())).json()) as { profilePhoto: string }
      ).profilePhoto;
      const png = await pngOf(bmp(50, 80, () => [200, 200, 0]));
      const second = (
        (await (await uploadPhoto(member.cookie, png, "image/png")).json()) as { profilePhoto: string }
      ).profilePhoto;
      expect(second).toMatch(PHOTO_PATH);
      expect(second).not.toBe(first);
      expect(await photoOf(member.id)).toBe(second);
      expect(await storage.exists(keyOf(first))).toBe(false);
      expect(await storage.exists(keyOf(first).replace("-512", "-96"))).toBe(false);
      expect((await t.request(first)).status).toBe(404);
      expect(await storage.exists(keyOf(second))).toBe(true);
    });

    it("deleting the account removes its photo files and unclaimed uploads", async () => {
      const member = await registerMember(t);
      const { profilePhoto } = (await (await uploadPhoto(member.cookie, await phoneJpeg())).json()) as {
        profilePhoto: string;
      };
      const { uploadURL } = await uploadUrl(member.cookie);
      const pending = await ticketKey(uploadURL);
      expect((await put(uploadURL, await phoneJpeg())).status).toBe(200);
      expect(await storage.exists(pending)).toBe(true);

      const gone = await t.json(
        "DELETE",
        "/api/account/delete",
        { currentPassword: member.password },
        { cookie: member.cookie },
      );
      expect(gone.status).toBe(200);
      expect(await storage.exists(keyOf(profilePhoto))).toBe(false);
      expect(await storage.exists(keyOf(profilePhoto).replace("-512", "-96"))).toBe(false);
      expect(await storage.exists(pending)).toBe(false);
      expect((await t.request(profilePhoto)).status).toBe(404);
    });

    it("refuses bytes that are not a JPEG, PNG or WebP, whatever their declared type", async () => {
      const member = await registerMember(t);
      const res = await uploadPhoto(member.cookie, new TextEncoder().encode("<svg>not a photo</svg>"));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(userMessages.photoType);
      // A truncated JPEG that does not decode is refused the same way.
      const broken = (await phoneJpeg()).subarray(0, 40);
      const res2 = await uploadPhoto(member.cookie, broken);
      expect(res2.status).toBe(400);
      expect(((await res2.json()) as { message: string }).message).toBe(userMessages.photoType);
      expect(await photoOf(member.id)).toBeNull();
    });

    it("refuses a decompression bomb by its header: a tiny PNG claiming 100 megapixels", async () => {
      const member = await registerMember(t);
      const png = await pngOf(bmp(8, 8, () => [0, 0, 0]));
      const ihdr = new DataView(png.buffer, png.byteOffset + 16, 8);
      ihdr.setUint32(0, 10_000);
      ihdr.setUint32(4, 10_000);
      const res = await uploadPhoto(member.cookie, png, "image/png");
      expect(res.status).toBe(413);
      // Its own message: the file is a few hundred bytes, so 'smaller than 5MB' would mislead.
      expect(((await res.json()) as { message: string }).message).toBe(userMessages.photoPixels);
    });

    it("5 MB + 1 byte is refused with the spec's message", async () => {
      const member = await registerMember(t);
      const big = new Uint8Array(PROFILE_PHOTO_MAX_BYTES + 1);
      big.set(await phoneJpeg());
      const { uploadURL } = await uploadUrl(member.cookie);
      const rawKey = await ticketKey(uploadURL);
      const sent = await put(uploadURL, big);
      if (uploadURL.startsWith(TEST_ORIGIN)) {
        // Our own upload route stops reading past the ticket's limit.
        expect(sent.status).toBe(413);
        expect(((await sent.json()) as { message: string }).message).toBe(userMessages.photoSize);
        // An object that got into storage anyway is refused at the claim.
        await storage.put(rawKey, big, "image/jpeg");
      } else {
        // A bucket cannot cap a presigned PUT: the claim does.
        expect(sent.status).toBe(200);
      }
      const res = await claim(member.cookie, uploadURL);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { message: string }).message).toBe(userMessages.photoSize);
      expect(await storage.exists(rawKey)).toBe(false);
      expect(await photoOf(member.id)).toBeNull();
    });

    it("an upload link is single-use: a second PUT and a second claim are refused", async () => {
      const member = await registerMember(t);
      const { uploadURL } = await uploadUrl(member.cookie);
      expect((await put(uploadURL, await phoneJpeg())).status).toBe(200);
      if (uploadURL.startsWith(TEST_ORIGIN)) {
        const again = await put(uploadURL, await phoneJpeg());
        expect(again.status).toBe(410);
        expect(((await again.json()) as { message: string }).message).toBe(userMessages.uploadExpired);
      }
      const first = await claim(member.cookie, uploadURL);
      expect(first.status).toBe(200);
      const { profilePhoto } = (await first.json()) as { profilePhoto: string };
      const second = await claim(member.cookie, uploadURL);
      expect(second.status).toBe(410);
      expect(((await second.json()) as { message: string }).message).toBe(userMessages.uploadExpired);
      expect(await photoOf(member.id)).toBe(profilePhoto);
    });

    it("an expired link is refused", async () => {
      const member = await registerMember(t);
      const { uploadURL } = await uploadUrl(member.cookie);
      if (uploadURL.startsWith(TEST_ORIGIN)) {
        now += 11 * MINUTE;
        const late = await put(uploadURL, await phoneJpeg());
        expect(late.status).toBe(410);
        expect(((await late.json()) as { message: string }).message).toBe(userMessages.uploadExpired);
        now += 10 * MINUTE;
      } else {
        // The bucket checks its own expiry against the real clock; the claim checks ours.
        expect((await put(uploadURL, await phoneJpeg())).status).toBe(200);
        now += 20 * MINUTE;
      }
      const res = await claim(member.cookie, uploadURL);
      expect(res.status).toBe(410);
      expect(((await res.json()) as { message: string }).message).toBe(userMessages.uploadExpired);
      expect(await photoOf(member.id)).toBeNull();
    });

    it("someone else's upload link is not found, and changes nothing", async () => {
      const owner = await registerMember(t);
      const other = await registerMember(t);
      const { uploadURL } = await uploadUrl(owner.cookie);
      expect((await put(uploadURL, await phoneJpeg())).status).toBe(200);
      const stolen = await claim(other.cookie, uploadURL);
      expect(stolen.status).toBe(404);
      expect(await photoOf(other.id)).toBeNull();
      expect(await photoOf(owner.id)).toBeNull();
      // The owner's link still works.
      expect((await claim(owner.cookie, uploadURL)).status).toBe(200);
      // A link to some other host with our path is read by its path only, never fetched.
      const elsewhere = new URL(uploadURL);
      elsewhere.host = "evil.example";
      expect((await claim(other.cookie, elsewhere.toString())).status).toBe(404);
      expect((await claim(other.cookie, "not a url at all")).status).toBe(404);
    });

    it("guests get 401", async () => {
      expect((await t.json("POST", "/api/users/profile/upload-url")).status).toBe(401);
      expect((await t.json("POST", "/api/users/profile/upload-photo", { photoURL: "x" })).status).toBe(401);
    });

    it("unclaimed uploads older than a day are pruned with their objects; fresh ones stay", async () => {
      const member = await registerMember(t);
      const { uploadURL: oldURL } = await uploadUrl(member.cookie);
      const oldKey = await ticketKey(oldURL);
      expect((await put(oldURL, await phoneJpeg())).status).toBe(200);
      now += 25 * HOUR;
      const { uploadURL: freshURL } = await uploadUrl(member.cookie);
      const freshKey = await ticketKey(freshURL);
      expect((await put(freshURL, await phoneJpeg())).status).toBe(200);

      await t.app.jobs.runDue();
      expect(await storage.exists(oldKey)).toBe(false);
      expect(await storage.exists(freshKey)).toBe(true);
      const keys = (
        await t.app.context.database.client.execute("select object_key from upload_tickets")
      ).rows.map((r) => String(r[0]));
      expect(keys).not.toContain(oldKey);
      expect(keys).toContain(freshKey);
      // The fresh upload is still claimable.
      expect((await claim(member.cookie, freshURL)).status).toBe(200);
    });
  });
}

describe("photo routes, whatever the storage", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "openmat-uploads-"));
    t = await createTestApp({ UPLOADS_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves only names that look like ours", async () => {
    for (const path of [
      "/photos/abc.webp",
      "/photos/aaaaaaaaaaaaaaaaaaaaaaaaaa-512.webp", // ours in shape, but not stored
      "/photos/aaaaaaaaaaaaaaaaaaaaaaaaaa-100.webp",
      "/photos/AAAAAAAAAAAAAAAAAAAAAAAAAA-512.webp",
      "/photos/..%2F..%2Fetc%2Fpasswd",
      "/photos/%2E%2E%2Ftest.db",
    ]) {
      expect((await t.request(path)).status).toBe(404);
    }
  });

  it("an unknown upload token is 404; a cross-site PUT is 403", async () => {
    const body = new Uint8Array([0xff, 0xd8, 0xff]);
    const unknown = await t.request(`/uploads/${"a".repeat(32)}`, {
      method: "PUT",
      headers: { "content-type": "image/jpeg", "sec-fetch-site": "same-origin" },
      body,
    });
    expect(unknown.status).toBe(404);
    const crossSite = await t.request(`/uploads/${"a".repeat(32)}`, {
      method: "PUT",
      headers: { "content-type": "image/jpeg", "sec-fetch-site": "cross-site" },
      body,
    });
    expect(crossSite.status).toBe(403);
  });

  it("every other API write is still JSON only", async () => {
    const member = await registerMember(t);
    for (const path of [
      "/api/users/profile/upload-photo",
      "/api/users/profile/upload-url",
      "/api/favorites",
    ]) {
      const res = await t.request(path, {
        method: "POST",
        headers: { "content-type": "image/jpeg", "sec-fetch-site": "same-origin", cookie: member.cookie },
        body: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      });
      expect(res.status).toBe(415);
    }
    // The raw-body exception is for PUT /uploads/{token} only.
    const put = await t.request("/api/uploads/x", {
      method: "PUT",
      headers: { "content-type": "image/jpeg", "sec-fetch-site": "same-origin" },
      body: new Uint8Array([1]),
    });
    expect(put.status).toBe(415);
  });
});
