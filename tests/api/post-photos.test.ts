import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POST_PHOTO_MAX_BYTES, postMessages } from "../../src/common/schemas/posts";
import { createStorage, type Storage } from "../../src/server/storage";
import { bmp, halves, jpegOf, pngOf, withExif } from "../fixtures/photos";
import { postClient, storedPhoto, unpostedPhotos } from "../support/posts";
import { registerMember } from "../support/session";
import { storageBackends } from "../support/storage-backends";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

const HOUR = 3_600_000;
const POST_PHOTO = /^\/photos\/p-[a-z2-7]{26}\.webp$/;
type Member = Awaited<ReturnType<typeof registerMember>>;

/** A phone photo: 300×200, stored sideways (EXIF orientation 6), with GPS in its EXIF. */
const phoneJpeg = async () => withExif(await jpegOf(bmp(300, 200, halves(300))), 6);
const containsAscii = (bytes: Uint8Array, text: string) =>
  Buffer.from(bytes).includes(Buffer.from(text, "latin1"));

for (const backend of storageBackends) {
  describe(`post photos on ${backend.name} storage`, () => {
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

    const uploadUrl = async (cookie: string) => {
      const res = await t.json("POST", "/api/objects/upload", undefined, { cookie });
      expect(res.status).toBe(200);
      return ((await res.json()) as { uploadURL: string }).uploadURL;
    };
    const put = (url: string, body: Uint8Array, type = "image/jpeg") => {
      const init: RequestInit = {
        method: "PUT",
        headers: { "content-type": type, "sec-fetch-site": "same-origin" },
        body: body as Uint8Array<ArrayBuffer>,
      };
      return url.startsWith(`${TEST_ORIGIN}/`) ? t.app.handle(new Request(url, init)) : fetch(url, init);
    };
    const uploaded = async (m: Member, bytes: Uint8Array, type = "image/jpeg") => {
      const url = await uploadUrl(m.cookie);
      expect((await put(url, bytes, type)).status).toBe(200);
      return url;
    };
    const normalize = (m: Member, photoURLs: unknown) =>
      t.json("PUT", "/api/posts/photos", { photoURLs }, { cookie: m.cookie });
    const normalized = async (m: Member, count = 1) => {
      const urls = [];
      for (let i = 0; i < count; i++) urls.push(await uploaded(m, await phoneJpeg()));
      const res = await normalize(m, urls);
      expect(res.status).toBe(200);
      return ((await res.json()) as { normalizedPaths: string[] }).normalizedPaths;
    };
    const photoRows = async () =>
      Number((await t.app.context.database.client.execute("select count(*) from post_photos")).rows[0]?.[0]);
    const fetchPhoto = (path: string, cookie?: string) =>
      t.request(path, cookie ? { headers: { cookie } } : {});

    it("turns uploads into WebPs with no EXIF or GPS, seen only by their uploader until posted", async () => {
      const owner = await registerMember(t);
      const other = await registerMember(t);
      const paths = await normalized(owner, 2);
      expect(paths).toHaveLength(2);
      for (const path of paths) expect(path).toMatch(POST_PHOTO);

      const mine = await fetchPhoto(paths[0] as string, owner.cookie);
      expect(mine.status).toBe(200);
      expect(mine.headers.get("content-type")).toBe("image/webp");
      expect(mine.headers.get("cache-control")).toStartWith("private");
      const webp = new Uint8Array(await mine.arrayBuffer());
      expect(containsAscii(webp, "EXIF")).toBe(false);
      expect(containsAscii(webp, "Exif")).toBe(false);
      // Upright: the sideways 300×200 comes out 200 wide and 300 tall.
      const meta = await new Bun.Image(webp).metadata();
      expect([meta.width, meta.height]).toEqual([200, 300]);

      expect((await fetchPhoto(paths[0] as string, other.cookie)).status).toBe(404);
      expect((await fetchPhoto(paths[0] as string)).status).toBe(404);
    });

    it("is all or nothing: one file that is not an image refuses the call and keeps none", async () => {
      const owner = await registerMember(t);
      const before = await photoRows();
      const good = await uploaded(owner, await pngOf(bmp(40, 30, halves(40))), "image/png");
      const bad = await uploaded(owner, new TextEncoder().encode("<svg>not a photo</svg>"), "image/png");
      const res = await normalize(owner, [good, bad]);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(postMessages.photoType);
      expect(await photoRows()).toBe(before);
    });

    it("refuses a tiny PNG claiming 100 megapixels with the pixel limit's message, not the 10 MB one", async () => {
      const owner = await registerMember(t);
      const png = await pngOf(bmp(8, 8, () => [0, 0, 0]));
      const ihdr = new DataView(png.buffer, png.byteOffset + 16, 8);
      ihdr.setUint32(0, 10_000);
      ihdr.setUint32(4, 10_000);
      const res = await normalize(owner, [await uploaded(owner, png, "image/png")]);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { message: string }).message).toBe(postMessages.photoPixels);
    });

    it("refuses more than 4, someone else's link, a profile-photo link, and a second use", async () => {
      const owner = await registerMember(t);
      const other = await registerMember(t);
      const before = await photoRows();
      const five = await normalize(owner, ["a", "b", "c", "d", "e"]);
      expect(five.status).toBe(400);
      expect(((await five.json()) as { message: string }).message).toBe(postMessages.tooManyPhotos);

      const theirs = await uploaded(other, await phoneJpeg());
      expect((await normalize(owner, [theirs])).status).toBe(404);

      const profileLink = await t.json("POST", "/api/users/profile/upload-url", undefined, {
        cookie: owner.cookie,
      });
      const profileURL = ((await profileLink.json()) as { uploadURL: string }).uploadURL;
      expect((await put(profileURL, await phoneJpeg())).status).toBe(200);
      expect((await normalize(owner, [profileURL])).status).toBe(404);

      const once = await uploaded(owner, await phoneJpeg());
      expect((await normalize(owner, [once])).status).toBe(200);
      expect((await normalize(owner, [once])).status).toBe(410);
      expect(await photoRows()).toBe(before + 1);
      // The other member's upload is still theirs to use.
      expect((await normalize(other, [theirs])).status).toBe(200);
    });

    it("guests get 401 for every step", async () => {
      expect((await t.json("POST", "/api/objects/upload")).status).toBe(401);
      expect((await t.json("PUT", "/api/posts/photos", { photoURLs: ["x"] })).status).toBe(401);
    });

    it("a photo never posted is removed after a day, file and row; a posted one stays", async () => {
      const owner = await registerMember(t);
      const [stale] = await normalized(owner);
      const [posted] = await normalized(owner);
      const post = await t.json(
        "POST",
        "/api/posts",
        { content: "Sunday open mat", photos: [posted] },
        { cookie: owner.cookie },
      );
      expect(post.status).toBeLessThan(300);
      now += 25 * HOUR;
      const [fresh] = await normalized(owner);
      await t.app.jobs.runDue();
      expect(await storage.exists((stale as string).slice(1))).toBe(false);
      expect((await fetchPhoto(stale as string, owner.cookie)).status).toBe(404);
      expect(await storage.exists((posted as string).slice(1))).toBe(true);
      expect(await storage.exists((fresh as string).slice(1))).toBe(true);
    });
  });
}

describe("post photos on our own upload link", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "openmat-post-photos-"));
    t = await createTestApp({ UPLOADS_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("Private: the author; Friends: whom the author follows; Public: members; a block: nobody; guests: nobody", async () => {
    const api = postClient(t);
    const author = await registerMember(t);
    const viewers = {
      followerOnly: await registerMember(t), // follows the author, not followed back
      friend: await registerMember(t), // the author follows them
      stranger: await registerMember(t),
      blocked: await registerMember(t),
    };
    await api.follow(viewers.followerOnly, author.id);
    await api.follow(author, viewers.friend.id);
    await api.block(author, viewers.blocked.id);
    const photoOf = async (visibility: string) => {
      const [path] = await unpostedPhotos(t, author.id, 1);
      const post = await api.post(author, { content: `a ${visibility} roll`, photos: [path], visibility });
      expect(post.photos).toEqual([path as string]);
      return path as string;
    };
    const expected: Record<string, Record<keyof typeof viewers | "author" | "guest", number>> = {
      Private: { author: 200, followerOnly: 404, friend: 404, stranger: 404, blocked: 404, guest: 404 },
      Friends: { author: 200, followerOnly: 404, friend: 200, stranger: 404, blocked: 404, guest: 404 },
      Public: { author: 200, followerOnly: 200, friend: 200, stranger: 200, blocked: 404, guest: 404 },
    };
    for (const [visibility, byViewer] of Object.entries(expected)) {
      const path = await photoOf(visibility);
      const seen: Record<string, number> = {};
      for (const name of Object.keys(byViewer)) {
        const member = name === "author" ? author : viewers[name as keyof typeof viewers];
        const res = await t.request(path, member ? { headers: { cookie: member.cookie } } : {});
        seen[name] = res.status;
      }
      expect({ visibility, ...seen }).toEqual({ visibility, ...byViewer });
    }
  });

  it("deleting a post or the account removes the photo files", async () => {
    const api = postClient(t);
    const author = await registerMember(t);
    const [first, second] = await unpostedPhotos(t, author.id, 2);
    const post = await api.post(author, { content: "two photos", photos: [first, second] });
    expect((await api.send("DELETE", `/api/posts/${post.id}`, author)).status).toBe(200);
    expect(await storedPhoto(t, first as string)).toBe(false);
    expect(await storedPhoto(t, second as string)).toBe(false);

    const [kept, unposted] = await unpostedPhotos(t, author.id, 2);
    await api.post(author, { content: "still here", photos: [kept] });
    const gone = await t.json(
      "DELETE",
      "/api/account/delete",
      { currentPassword: author.password },
      { cookie: author.cookie },
    );
    expect(gone.status).toBe(200);
    expect(await storedPhoto(t, kept as string)).toBe(false);
    expect(await storedPhoto(t, unposted as string)).toBe(false);
  });

  it("10,485,760 bytes + 1 is refused with the post photo message", async () => {
    const owner = await registerMember(t);
    const res = await t.json("POST", "/api/objects/upload", undefined, { cookie: owner.cookie });
    const { uploadURL } = (await res.json()) as { uploadURL: string };
    const sent = await t.app.handle(
      new Request(uploadURL, {
        method: "PUT",
        headers: { "content-type": "image/jpeg", "sec-fetch-site": "same-origin" },
        body: new Uint8Array(POST_PHOTO_MAX_BYTES + 1),
      }),
    );
    expect(sent.status).toBe(413);
    expect(((await sent.json()) as { message: string }).message).toBe(postMessages.photoSize);
  });
});
