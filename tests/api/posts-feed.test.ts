import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type PostView, postMessages, postVisibilities } from "../../src/common/schemas/posts";
import { userMessages } from "../../src/common/schemas/users";
import { feedStatementFor } from "../../src/server/features/posts/feed-query";
import { feedFor } from "../../src/server/features/posts/service";
import { postClient, unpostedPhotos } from "../support/posts";
import { registerMember } from "../support/session";
import { countStatements } from "../support/sql-counter";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let dir: string;
let api: ReturnType<typeof postClient>;
type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-posts-feed-"));
  t = await createTestApp({ UPLOADS_DIR: dir });
  api = postClient(t);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const contents = (posts: PostView[]) => posts.map((p) => p.content);
const member = (m: Member) => ({ kind: "member" as const, id: m.id });

describe("who sees what: feed, a member's posts, one post and likes agree", () => {
  let author: Member;
  const viewers: Record<string, Member> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    author = await registerMember(t, "author");
    for (const name of ["follower", "friend", "followedOnly", "stranger", "blocked", "blocker"]) {
      viewers[name] = await registerMember(t, name);
    }
    const v = viewers as Record<string, Member>;
    await api.follow(v.follower as Member, author.id);
    // Friends means the people the author follows: `friend` follows back and is followed.
    await api.follow(v.friend as Member, author.id);
    await api.follow(author, (v.friend as Member).id);
    await api.follow(author, (v.followedOnly as Member).id);
    await api.follow(v.blocked as Member, author.id);
    await api.follow(v.blocker as Member, author.id);
    await api.block(author, (v.blocked as Member).id);
    await api.block(v.blocker as Member, author.id);
    // A block removes the follows; put them back so only the block itself can hide the posts.
    await t.app.context.database.client.execute({
      sql: "INSERT INTO follows VALUES (?, ?, 0), (?, ?, 0), (?, ?, 0)",
      args: [
        (v.blocked as Member).id,
        author.id,
        (v.blocker as Member).id,
        author.id,
        author.id,
        (v.blocked as Member).id,
      ],
    });
    for (const visibility of postVisibilities) {
      ids[visibility] = (await api.post(author, { content: visibility, visibility })).id;
    }
  });

  // Feed: only people one follows; the user list and single post: everyone the policy lets see.
  const expected: Record<string, { feed: string[]; reads: string[] }> = {
    author: { feed: ["Public", "Friends", "Private"], reads: ["Public", "Friends", "Private"] },
    follower: { feed: ["Public"], reads: ["Public"] },
    friend: { feed: ["Public", "Friends"], reads: ["Public", "Friends"] },
    followedOnly: { feed: [], reads: ["Public", "Friends"] },
    stranger: { feed: [], reads: ["Public"] },
    blocked: { feed: [], reads: [] },
    blocker: { feed: [], reads: [] },
  };

  for (const [name, want] of Object.entries(expected)) {
    it(`${name}: feed ${want.feed.join(", ") || "nothing"}; reads ${want.reads.join(", ") || "nothing"}`, async () => {
      const who = name === "author" ? author : (viewers[name] as Member);
      expect(contents(await api.feed(who))).toEqual(want.feed);
      const list = await api.send("GET", `/api/posts/user/${author.id}`, who);
      if (want.reads.length === 0) {
        expect(await api.refused(list)).toEqual([404, userMessages.userNotFound]);
      } else {
        expect(contents((await list.json()) as PostView[])).toEqual(want.reads);
      }
      for (const visibility of postVisibilities) {
        const id = ids[visibility] as number;
        const one = await api.send("GET", `/api/posts/${id}`, who);
        const like = await api.send("POST", `/api/posts/${id}/like`, who);
        const unlike = await api.send("DELETE", `/api/posts/${id}/like`, who);
        const readable = want.reads.includes(visibility);
        expect([visibility, one.status, like.status, unlike.status]).toEqual(
          readable ? [visibility, 200, 200, 200] : [visibility, 404, 404, 404],
        );
        if (!readable)
          expect(((await one.json()) as { message: string }).message).toBe(postMessages.postNotFound);
      }
    });
  }

  it("the service's feed matches the HTTP answer", async () => {
    const friend = viewers.friend as Member;
    const direct = await feedFor(t.app.context.database.db, member(friend), { limit: 10 });
    expect(direct).toEqual(await api.feed(friend));
  });
});

describe("paging", () => {
  let writer: Member;
  let reader: Member;
  beforeAll(async () => {
    writer = await registerMember(t, "writer");
    reader = await registerMember(t, "reader");
    await api.follow(reader, writer.id);
    for (let i = 1; i <= 25; i++) await api.post(writer, { content: `post ${i}` });
  });

  it("pages of 10 by default, newest first; a short last page; nothing skipped or repeated while posts arrive", async () => {
    const seen: PostView[] = [];
    let query = "";
    const sizes: number[] = [];
    for (let round = 0; round < 5; round++) {
      const page = await api.feed(reader, query);
      sizes.push(page.length);
      seen.push(...page);
      // New posts land above the cursor and must not push older ones between pages.
      await api.post(writer, { content: `arrived during page ${round}` });
      if (page.length < 10) break;
      query = `?beforeId=${page.at(-1)?.id}`;
    }
    expect(sizes).toEqual([10, 10, 5]);
    expect(contents(seen)).toEqual(Array.from({ length: 25 }, (_, i) => `post ${25 - i}`));
    const fresh = await api.feed(reader, "?limit=3");
    expect(contents(fresh)).toEqual([
      "arrived during page 2",
      "arrived during page 1",
      "arrived during page 0",
    ]);
  });

  it("limit and beforeId on a member's posts", async () => {
    const first = await api.ofUser(reader, writer.id, "?limit=4");
    expect(first).toHaveLength(4);
    const next = await api.ofUser(reader, writer.id, `?limit=50&beforeId=${first.at(-1)?.id}`);
    expect(next.length).toBeGreaterThan(20);
    expect(next.every((p) => p.id < (first.at(-1)?.id ?? 0))).toBe(true);
    expect(new Set([...first, ...next].map((p) => p.id)).size).toBe(first.length + next.length);
  });
});

describe("cost of a page", () => {
  it("a fixed number of statements, whatever the page holds", async () => {
    const reader = await registerMember(t, "counted");
    const authors: Member[] = [];
    for (let i = 0; i < 4; i++) authors.push(await registerMember(t, "busy"));
    for (const a of authors) await api.follow(reader, a.id);
    const db = t.app.context.database.db;
    const counter = countStatements(t.app.context.database.client);
    const statementsFor = async () => {
      counter.reset();
      const page = await feedFor(db, member(reader), { limit: 10 });
      return [page.length, counter.n];
    };
    const first = authors[0] as Member;
    await api.post(first, { content: "alone" });
    const [one, few] = await statementsFor();
    for (const [i, a] of authors.entries()) {
      for (let k = 0; k < 3; k++) {
        const photos = await unpostedPhotos(t, a.id, k);
        const post = await api.post(a, { content: `${i}/${k}`, photos });
        await api.like(reader, post.id);
      }
    }
    const [ten, many] = await statementsFor();
    expect([one, ten]).toEqual([1, 10]);
    expect(many).toBe(few as number);
    // One statement: the page with its authors' relations, photos and likes (feed-query.ts).
    expect(many).toBe(1);
  });

  it("the feed walks each author's posts in posts_user_feed alone, never the whole table", async () => {
    const query = feedStatementFor({ kind: "member", id: 1 }, { limit: 10, beforeId: 500 });
    const plan = await t.app.context.database.client.execute({
      sql: `EXPLAIN QUERY PLAN ${query.sql}`,
      args: query.args,
    });
    const steps = plan.rows.map((r) => String(r.detail));
    expect(steps).toContain("SEARCH p USING COVERING INDEX posts_user_feed (user_id=? AND id<?)");
    expect(steps.filter((s) => /^SCAN posts\b/.test(s))).toEqual([]);
  });
});
