import { expect } from "bun:test";
import type { LikeState, PostView } from "../../src/common/schemas/posts";
import type { registerMember } from "./session";
import type { TestApp } from "./test-app";

type Member = Awaited<ReturnType<typeof registerMember>>;

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(26)), (b) => BASE32[b % 32]).join("");

/**
 * Photos as PUT /api/posts/photos leaves them (a file and an unposted row owned by the
 * member), without the upload and image work: the posts API only names them.
 */
export async function unpostedPhotos(t: TestApp, userId: number, count: number): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomId();
    await t.app.context.storage.put(`photos/p-${id}.webp`, new Uint8Array([1, 2, 3]), "image/webp");
    await t.app.context.database.client.execute({
      sql: "INSERT INTO post_photos (id, user_id, created_at) VALUES (?, ?, ?)",
      args: [id, userId, Date.now()],
    });
    paths.push(`/photos/p-${id}.webp`);
  }
  return paths;
}

export const storedPhoto = (t: TestApp, path: string) => t.app.context.storage.exists(path.slice(1));

/** Request helpers for one test app, as a member (or a guest when `m` is undefined). */
export function postClient(t: TestApp) {
  const send = (method: string, path: string, m: Member | undefined, body?: unknown) =>
    t.json(method, path, body, m ? { cookie: m.cookie } : {});
  const ok = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
    const r = await res;
    const body = await r.json();
    expect([r.status, body]).toEqual([status, expect.anything()]);
    return body as T;
  };
  return {
    send,
    post: (m: Member, body: Record<string, unknown>) =>
      ok<PostView>(send("POST", "/api/posts", m, body), 201),
    feed: (m: Member, query = "") => ok<PostView[]>(send("GET", `/api/posts/feed${query}`, m)),
    ofUser: (m: Member, userId: number, query = "") =>
      ok<PostView[]>(send("GET", `/api/posts/user/${userId}${query}`, m)),
    like: (m: Member, id: number) => ok<LikeState>(send("POST", `/api/posts/${id}/like`, m)),
    unlike: (m: Member, id: number) => ok<LikeState>(send("DELETE", `/api/posts/${id}/like`, m)),
    follow: (m: Member, followingId: number) =>
      ok<unknown>(send("POST", "/api/users/follow", m, { followingId })),
    block: (m: Member, userId: number) => ok<unknown>(send("POST", "/api/users/block", m, { userId })),
    /** Status and message of a request expected to fail. */
    refused: async (res: Response | Promise<Response>) => {
      const r = await res;
      return [r.status, ((await r.json()) as { message: string }).message];
    },
  };
}

/** Row counts of the post tables, to show a refused request changed nothing. */
export async function postTables(t: TestApp) {
  const rows = await t.app.context.database.client.execute(
    `SELECT (SELECT count(*) FROM posts), (SELECT count(*) FROM post_photos WHERE post_id IS NOT NULL),
       (SELECT count(*) FROM post_likes)`,
  );
  const row = rows.rows[0];
  return { posts: Number(row?.[0]), postedPhotos: Number(row?.[1]), likes: Number(row?.[2]) };
}
