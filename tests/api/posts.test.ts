import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { POST_MAX, type PostView, postMessages } from "../../src/common/schemas/posts";
import { userIdMessage, userMessages } from "../../src/common/schemas/users";
import { postClient, postTables, storedPhoto, unpostedPhotos } from "../support/posts";
import { confirmEmail, registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let dir: string;
let api: ReturnType<typeof postClient>;
type Member = Awaited<ReturnType<typeof registerMember>>;
let alice: Member;
let bob: Member;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-posts-"));
  t = await createTestApp({ UPLOADS_DIR: dir });
  api = postClient(t);
  alice = await registerMember(t, "alice");
  bob = await registerMember(t, "bob");
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("guards and bad input", () => {
  it.each([
    ["GET", "/api/posts/feed"],
    ["GET", "/api/posts/user/1"],
    ["POST", "/api/posts"],
    ["GET", "/api/posts/1"],
    ["DELETE", "/api/posts/1"],
    ["POST", "/api/posts/1/like"],
    ["DELETE", "/api/posts/1/like"],
  ])("%s %s is 401 for a guest, before the body is read", async (method, path) => {
    const body = method === "POST" ? { content: 5 } : undefined;
    expect(await api.refused(api.send(method, path, undefined, body))).toEqual([401, "Not authenticated"]);
  });

  it.each(["abc", "0", "-1", "1.5", "1e3", "9999999999999"])("a post id of %p is 400", async (id) => {
    for (const [method, path] of [
      ["GET", `/api/posts/${id}`],
      ["DELETE", `/api/posts/${id}`],
      ["POST", `/api/posts/${id}/like`],
      ["DELETE", `/api/posts/${id}/like`],
    ] as const) {
      expect(await api.refused(api.send(method, path, alice))).toEqual([400, postMessages.postIdInvalid]);
    }
    expect(await api.refused(api.send("GET", `/api/posts/user/${id}`, alice))).toEqual([400, userIdMessage]);
  });

  it.each([
    ["limit=abc", postMessages.limitInvalid],
    ["limit=0", postMessages.limitInvalid],
    ["limit=51", postMessages.limitInvalid],
    ["limit=1.5", postMessages.limitInvalid],
    ["limit=", postMessages.limitInvalid],
    ["beforeId=abc", postMessages.beforeIdInvalid],
    ["beforeId=0", postMessages.beforeIdInvalid],
    ["beforeId=-4", postMessages.beforeIdInvalid],
    ["beforeId=12abc", postMessages.beforeIdInvalid],
  ])("?%s is 400 on the feed and on a member's posts", async (query, message) => {
    expect(await api.refused(api.send("GET", `/api/posts/feed?${query}`, alice))).toEqual([400, message]);
    const userPosts = `/api/posts/user/${alice.id}?${query}`;
    expect(await api.refused(api.send("GET", userPosts, alice))).toEqual([400, message]);
  });

  const long = "x".repeat(POST_MAX + 1);
  it.each([
    ["no content", {}, postMessages.contentRequired],
    ["empty content", { content: "" }, postMessages.contentRequired],
    ["blank content", { content: " \n\t " }, postMessages.contentRequired],
    ["content as a number", { content: 42 }, postMessages.contentRequired],
    [`${POST_MAX + 1} characters`, { content: long }, postMessages.contentTooLong],
    ["an unknown visibility", { content: "hi", visibility: "Everyone" }, postMessages.visibilityInvalid],
    ["visibility in lower case", { content: "hi", visibility: "public" }, postMessages.visibilityInvalid],
    ["photos not a list", { content: "hi", photos: "/photos/x.webp" }, postMessages.photoInvalid],
    ["a photo not a string", { content: "hi", photos: [7] }, postMessages.photoInvalid],
    ["a made-up photo path", { content: "hi", photos: ["/photos/p-abc.webp"] }, postMessages.photoInvalid],
  ])("%s is 400 and changes nothing", async (_name, body, message) => {
    const before = await postTables(t);
    expect(await api.refused(api.send("POST", "/api/posts", alice, body))).toEqual([400, message]);
    expect(await postTables(t)).toEqual(before);
  });

  it("5 photos, a photo named twice, another member's or a posted one: 400, nothing changes", async () => {
    const mine = await unpostedPhotos(t, alice.id, 5);
    const [theirs] = await unpostedPhotos(t, bob.id, 1);
    const [used] = await unpostedPhotos(t, alice.id, 1);
    const withUsed = await api.post(alice, { content: "uses a photo", photos: [used] });
    const before = await postTables(t);
    const cases: [unknown[], string][] = [
      [mine, postMessages.tooManyPhotos],
      [[mine[0], mine[0]], postMessages.photoInvalid],
      [[mine[0], theirs], postMessages.photoInvalid],
      [[mine[1], used], postMessages.photoInvalid],
    ];
    for (const [photos, message] of cases) {
      const res = api.send("POST", "/api/posts", alice, { content: "hi", photos });
      expect(await api.refused(res)).toEqual([400, message]);
    }
    expect(await postTables(t)).toEqual(before);
    // The photos refused above are still free to post; the posted one stayed with its post.
    const ok = await api.post(alice, { content: "now", photos: mine.slice(0, 2) });
    expect(ok.photos).toEqual(mine.slice(0, 2));
    const owner = await t.app.context.database.client.execute({
      sql: "SELECT post_id FROM post_photos WHERE id = ?",
      args: [(used as string).slice("/photos/p-".length, -".webp".length)],
    });
    expect(Number(owner.rows[0]?.[0])).toBe(withUsed.id);
  });
});

describe("creating and reading", () => {
  it("answers the new post (201), Public with no photos by default, content as written", async () => {
    const created = await api.post(alice, { content: "  Open mat at 6!  " });
    expect(created).toEqual({
      id: expect.any(Number),
      kind: "post",
      content: "  Open mat at 6!  ",
      photos: [],
      visibility: "Public",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      likeCount: 0,
      isLikedByCurrentUser: false,
      user: { id: alice.id, username: alice.username, profilePhoto: null },
      checkin: null,
    });
    const read = await api.send("GET", `/api/posts/${created.id}`, bob);
    expect(await read.json()).toEqual(created);
  });

  it(`${POST_MAX} characters and 4 photos are allowed; photos keep their order`, async () => {
    const photos = await unpostedPhotos(t, alice.id, 4);
    const order = [2, 0, 3, 1].map((i) => photos[i] as string);
    const created = await api.post(alice, {
      content: "y".repeat(POST_MAX),
      photos: order,
      visibility: "Friends",
    });
    expect([created.visibility, created.photos, created.content.length]).toEqual([
      "Friends",
      order,
      POST_MAX,
    ]);
    expect(
      ((await (await api.send("GET", `/api/posts/${created.id}`, alice)).json()) as PostView).photos,
    ).toEqual(order);
  });

  it("20 posts sent at once, with photos, all land whole", async () => {
    const sets = await Promise.all(Array.from({ length: 20 }, () => unpostedPhotos(t, bob.id, 2)));
    const made = await Promise.all(sets.map((photos, i) => api.post(bob, { content: `burst ${i}`, photos })));
    expect(made.map((p) => p.photos)).toEqual(sets);
    expect(new Set(made.map((p) => p.id)).size).toBe(20);
  });

  it("a post that is not there is 404", async () => {
    expect(await api.refused(api.send("GET", "/api/posts/999999", alice))).toEqual([
      404,
      postMessages.postNotFound,
    ]);
  });

  it("an unknown member's posts are 404 User Not Found", async () => {
    expect(await api.refused(api.send("GET", "/api/posts/user/999999", alice))).toEqual([
      404,
      userMessages.userNotFound,
    ]);
  });
});

describe("deleting", () => {
  it("the author deletes their post: rows, likes and photo files go", async () => {
    const photos = await unpostedPhotos(t, alice.id, 2);
    const post = await api.post(alice, { content: "bye", photos });
    await api.like(bob, post.id);
    const res = await api.send("DELETE", `/api/posts/${post.id}`, alice);
    expect([res.status, await res.json()]).toEqual([200, { deleted: true, id: post.id }]);
    for (const path of photos) expect(await storedPhoto(t, path)).toBe(false);
    const left = await t.app.context.database.client.execute({
      sql: "SELECT (SELECT count(*) FROM post_photos WHERE post_id = ?1), (SELECT count(*) FROM post_likes WHERE post_id = ?1)",
      args: [post.id],
    });
    expect(Object.values(left.rows[0] ?? {}).slice(0, 2)).toEqual([0, 0]);
    expect(await api.refused(api.send("GET", `/api/posts/${post.id}`, alice))).toEqual([
      404,
      postMessages.postNotFound,
    ]);
    expect(await api.refused(api.send("DELETE", `/api/posts/${post.id}`, alice))).toEqual([
      404,
      postMessages.postNotFound,
    ]);
  });

  it("another member's visible post is 403, a hidden one 404; nothing changes", async () => {
    const [photo] = await unpostedPhotos(t, alice.id, 1);
    const visible = await api.post(alice, { content: "public", photos: [photo] });
    const hidden = await api.post(alice, { content: "private", visibility: "Private" });
    const before = await postTables(t);
    expect(await api.refused(api.send("DELETE", `/api/posts/${visible.id}`, bob))).toEqual([
      403,
      postMessages.deleteForbidden,
    ]);
    expect(await api.refused(api.send("DELETE", `/api/posts/${hidden.id}`, bob))).toEqual([
      404,
      postMessages.postNotFound,
    ]);
    expect(await postTables(t)).toEqual(before);
    expect(await storedPhoto(t, photo as string)).toBe(true);
  });

  it("an admin removes any post, even one hidden from them", async () => {
    const admins = await createTestApp({ ADMIN_EMAILS: "mod@example.com", UPLOADS_DIR: dir });
    try {
      const a = postClient(admins);
      const author = await registerMember(admins);
      const reg = await admins.json("POST", "/api/auth/register", {
        username: "moderator",
        email: "mod@example.com",
        password: "moderator password",
      });
      await confirmEmail(admins, "mod@example.com");
      const mod = { ...author, id: 0, cookie: reg.headers.getSetCookie()[0]?.split(";")[0] ?? "" };
      const hidden = await a.post(author, { content: "private", visibility: "Private" });
      expect(await a.refused(a.send("GET", `/api/posts/${hidden.id}`, mod))).toEqual([
        404,
        postMessages.postNotFound,
      ]);
      const res = await a.send("DELETE", `/api/posts/${hidden.id}`, mod);
      expect(res.status).toBe(200);
      expect(await a.refused(a.send("GET", `/api/posts/${hidden.id}`, author))).toEqual([
        404,
        postMessages.postNotFound,
      ]);
    } finally {
      await admins.close();
    }
  });
});

describe("likes", () => {
  it("like and unlike are idempotent and answer the like state", async () => {
    const post = await api.post(alice, { content: "like me" });
    const liked = { postId: post.id, likeCount: 1, isLikedByCurrentUser: true };
    expect(await api.like(bob, post.id)).toEqual(liked);
    expect(await api.like(bob, post.id)).toEqual(liked);
    expect(await api.like(alice, post.id)).toEqual({ ...liked, likeCount: 2 });
    const read = (await (await api.send("GET", `/api/posts/${post.id}`, bob)).json()) as PostView;
    expect([read.likeCount, read.isLikedByCurrentUser]).toEqual([2, true]);
    const unliked = { postId: post.id, likeCount: 1, isLikedByCurrentUser: false };
    expect(await api.unlike(bob, post.id)).toEqual(unliked);
    expect(await api.unlike(bob, post.id)).toEqual(unliked);
  });

  it("20 likes at once from one member make one like", async () => {
    const post = await api.post(alice, { content: "at once" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.like(bob, post.id)));
    for (const answer of answers)
      expect(answer).toEqual({ postId: post.id, likeCount: 1, isLikedByCurrentUser: true });
    const unlikes = await Promise.all(Array.from({ length: 20 }, () => api.unlike(bob, post.id)));
    for (const answer of unlikes) expect(answer.likeCount).toBe(0);
  });

  it("20 members liking at once make 20 likes", async () => {
    const post = await api.post(alice, { content: "popular" });
    const fans: Member[] = [];
    for (let i = 0; i < 20; i++) fans.push(await registerMember(t, "fan"));
    const answers = await Promise.all(fans.map((f) => api.like(f, post.id)));
    expect(answers.every((a) => a.isLikedByCurrentUser)).toBe(true);
    expect(Math.max(...answers.map((a) => a.likeCount))).toBe(20);
    expect(new Set(answers.map((a) => a.likeCount)).size).toBe(20);
    const read = (await (await api.send("GET", `/api/posts/${post.id}`, alice)).json()) as PostView;
    expect([read.likeCount, read.isLikedByCurrentUser]).toEqual([20, false]);
  });

  it("a post the member may not see, or none, is 404 to like or unlike; nothing changes", async () => {
    const hidden = await api.post(alice, { content: "mine only", visibility: "Private" });
    const before = await postTables(t);
    for (const id of [hidden.id, 999999]) {
      for (const method of ["POST", "DELETE"]) {
        const res = api.send(method, `/api/posts/${id}/like`, bob);
        expect(await api.refused(res)).toEqual([404, postMessages.postNotFound]);
      }
    }
    expect(await postTables(t)).toEqual(before);
  });
});
