import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { postVisibilities } from "../../common/schemas/posts";
import { type Database, openDatabase } from "../../db/client";
import { migrate } from "../../db/migrate";
import { userSettings } from "../../db/schema";
import { feedPageRows } from "../features/posts/feed-query";
import { settingsFromRow } from "../features/settings/service";
import { can } from "./access";
import {
  type Audience,
  audiences,
  deriveShapes,
  type PostReadRule,
  type VisibilityShapes,
  visiblePostsWhere,
} from "./post-visibility";
import { relationsTo } from "./relation";
import { GUEST, type PolicyViewer } from "./viewer";

/**
 * The feed filters posts in SQL; `can(viewer, "post.read", …)` is the authority. Here a
 * real database holds one author in every relation to the viewer, each with a post of
 * every visibility, and the rows the SQL lets through are compared with `can()`'s answer.
 */

let database: Database;
let dir: string;
const VIEWER = 1;
/** The author's id for each relation the viewer can stand in. */
const authors = {
  self: VIEWER,
  follows: 2,
  followedBy: 3,
  mutual: 4,
  stranger: 5,
  iBlocked: 6,
  blockedMe: 7,
  // A block leaves no follows; this pair shows a stale follow could not leak past one.
  blockedWithFollow: 8,
};
const postIds = new Map<number, { author: number; visibility: string }>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-visibility-"));
  database = await openDatabase(`file:${join(dir, "v.db")}`);
  await migrate(database.client);
  const run = (text: string, args: (string | number)[] = []) => database.client.execute({ sql: text, args });
  for (const id of Object.values(authors)) {
    await run("INSERT INTO users (id, username, email, password_hash, created_at) VALUES (?, ?, ?, '-', 0)", [
      id,
      `u${id}`,
      `u${id}@example.com`,
    ]);
  }
  const follow = (from: number, to: number) => run("INSERT INTO follows VALUES (?, ?, 0)", [from, to]);
  await follow(VIEWER, authors.follows);
  await follow(authors.followedBy, VIEWER);
  await follow(VIEWER, authors.mutual);
  await follow(authors.mutual, VIEWER);
  await run("INSERT INTO blocks VALUES (?, ?, 0)", [VIEWER, authors.iBlocked]);
  await run("INSERT INTO blocks VALUES (?, ?, 0)", [authors.blockedMe, VIEWER]);
  await run("INSERT INTO blocks VALUES (?, ?, 0)", [VIEWER, authors.blockedWithFollow]);
  await follow(authors.blockedWithFollow, VIEWER);
  // And a stale follow the other way: the feed must not read a blocked author's posts through it.
  await follow(VIEWER, authors.iBlocked);
  // Hidden flags must not matter: the self author shares nothing.
  await run("INSERT INTO user_settings (user_id, show_check_in_gym_names) VALUES (?, 0)", [VIEWER]);
  for (const author of Object.values(authors)) {
    for (const visibility of postVisibilities) {
      const res = await run(
        "INSERT INTO posts (user_id, kind, content, visibility, created_at) VALUES (?, 'post', 'x', ?, 0) RETURNING id",
        [author, visibility],
      );
      postIds.set(Number(res.rows[0]?.[0]), { author, visibility });
    }
  }
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const viewers: Record<string, PolicyViewer> = {
  guest: GUEST,
  member: { kind: "member", id: VIEWER },
  admin: { kind: "admin", id: VIEWER },
  // Another member, to whom everyone above is a stranger (or, for the viewer, someone who follows nobody).
  outsider: { kind: "member", id: authors.stranger },
};

async function passedBySql(viewer: PolicyViewer, shapes?: VisibilityShapes): Promise<string[]> {
  const where = visiblePostsWhere(viewer, undefined, shapes);
  const rows = await database.db.all<{ id: number }>(sql`SELECT id FROM posts WHERE ${where} ORDER BY id`);
  return rows.map((r) => describePost(Number(r.id)));
}

function describePost(id: number): string {
  const post = postIds.get(id);
  const name = Object.entries(authors).find(([, a]) => a === post?.author)?.[0];
  return `${name} ${post?.visibility}`;
}

/** What `rule` allows, judged with the relations relationsTo reads from the same tables. */
async function allowedBy(viewer: PolicyViewer, rule: PostReadRule): Promise<string[]> {
  const relations = await relationsTo(database.db, viewer, Object.values(authors));
  const rows = await database.db.select().from(userSettings);
  const settingsOf = (id: number) => settingsFromRow(rows.find((r) => r.userId === id));
  const allowed: string[] = [];
  for (const [id, post] of [...postIds].sort(([a], [b]) => a - b)) {
    const relation = relations.get(post.author);
    const flags = settingsOf(post.author);
    const visibility = post.visibility as (typeof postVisibilities)[number];
    if (relation && rule(viewer, { relation, settings: flags, visibility })) allowed.push(describePost(id));
  }
  return allowed;
}

describe("the feed's one statement agrees with can() for the authors it reads", () => {
  for (const name of ["member", "admin"] as const) {
    it(`${name}: the followed authors' posts, newest first`, async () => {
      const viewer = viewers[name] as PolicyViewer & { id: number };
      const rows = await feedPageRows(database.db, viewer, { limit: 50 });
      const followed = ["self", "follows", "mutual", "iBlocked"];
      const policy: PostReadRule = (v, s) => can(v, "post.read", s);
      const expected = (await allowedBy(viewer, policy)).filter((d) =>
        followed.includes(d.split(" ")[0] ?? ""),
      );
      expect(rows.map((r) => describePost(r.id)).reverse()).toEqual(expected);
      expect(expected.length).toBeGreaterThan(3);
    });
  }
});

describe("visiblePostsWhere agrees with can(viewer, 'post.read')", () => {
  for (const [name, viewer] of Object.entries(viewers)) {
    it(`${name}: every visibility x relation`, async () => {
      const policy: PostReadRule = (v, s) => can(v, "post.read", s);
      expect(await passedBySql(viewer)).toEqual(await allowedBy(viewer, policy));
    });
  }

  it("the member's answer, spelled out", async () => {
    expect(await passedBySql(viewers.member as PolicyViewer)).toEqual([
      "self Private",
      "self Friends",
      "self Public",
      "follows Public",
      "followedBy Friends",
      "followedBy Public",
      "mutual Friends",
      "mutual Public",
      "stranger Public",
    ]);
    expect(await passedBySql(GUEST)).toEqual([]);
  });

  // Every audience SQL can express, with and without the author: the SQL for each is right,
  // so any rule the derivation accepts is filtered correctly, not only today's.
  const audienceNames = Object.keys(audiences) as Audience[];
  for (const audience of audienceNames) {
    for (const self of [true, false]) {
      it(`audience ${audience}, author ${self ? "reads" : "does not read"}`, async () => {
        const shapes = Object.fromEntries(
          postVisibilities.map((v) => [v, { self, audience: v === "Private" ? "nobody" : audience }]),
        ) as VisibilityShapes;
        const rule: PostReadRule = (_v, s) =>
          s.relation.self
            ? self
            : !s.relation.blocked && (s.visibility === "Private" ? false : audiences[audience](s.relation));
        const member = viewers.member as PolicyViewer;
        expect(deriveShapes(member, rule)).toEqual(shapes);
        expect(await passedBySql(member, shapes)).toEqual(await allowedBy(member, rule));
      });
    }
  }
});

describe("deriveShapes refuses a rule SQL cannot express", () => {
  const member: PolicyViewer = { kind: "member", id: VIEWER };
  it("strangers only (not monotone in the follows)", () => {
    expect(() =>
      deriveShapes(member, (_v, s) => !s.relation.blocked && !s.relation.follows && !s.relation.followedBy),
    ).toThrow("no SQL audience");
  });
  it("a blocked member reading", () => {
    expect(() => deriveShapes(member, () => true)).toThrow("blocked member");
  });
  it("a rule that reads a privacy flag", () => {
    expect(() => deriveShapes(member, (_v, s) => !s.relation.blocked && s.settings.showCity)).toThrow(
      "privacy flag",
    );
  });
});
