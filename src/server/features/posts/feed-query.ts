import { fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { PostVisibility } from "../../../common/schemas/posts";
import {
  defaultPrivacySettings,
  type PrivacyFlag,
  type PrivacySettings,
  privacyFlags,
} from "../../../common/schemas/settings";
import type { Db } from "../../../db/client";
import { userSettings } from "../../../db/schema";
import { visiblePostsWhere } from "../../policy/post-visibility";
import type { Relation } from "../../policy/relation";
import type { PolicyViewer } from "../../policy/viewer";

/** One row of a feed page: the post, its author, their flags and relation, likes and photos. */
export interface FeedRow {
  id: number;
  userId: number;
  kind: "post" | "checkin";
  content: string;
  visibility: PostVisibility;
  checkinId: number | null;
  createdAt: Date;
  username: string;
  profilePhoto: string | null;
  /** The author's flags (the defaults when they never saved any). */
  settings: PrivacySettings;
  school: { id: number; gym: string; city: string; slug: string } | null;
  relation: Relation;
  likeCount: number;
  liked: boolean;
  photoIds: string[];
}

const me = sql.placeholder("me");
const before = sql.placeholder("before");
const limit = sql.placeholder("limit");
const flagColumns = sql.raw(privacyFlags.map((f) => `us.${userSettings[f].name}`).join(", "));

/**
 * A whole feed page in one statement. The viewer's authors (the people they follow, and
 * themselves) come first with their relation to the viewer, worked out once per author
 * instead of once per post; the posts are then filtered by the policy's own SQL (given
 * those relations) and joined to everything a view needs, likes and photos included.
 * SQLite walks posts_user_feed (user_id, id, visibility) per author without touching rows.
 */
function feedStatement(kind: PolicyViewer["kind"]): SQL {
  const probe: PolicyViewer = kind === "guest" ? { kind } : { kind, id: 0 };
  const visible = visiblePostsWhere(probe, { author: sql`a.uid`, visibility: sql`p.visibility` }, undefined, {
    self: sql`(a.uid = ${me})`,
    follows: sql`a.follows`,
    followedBy: sql`a.followed_by`,
    blocked: sql`a.blocked`,
  });
  return sql`WITH authors (uid, follows, followed_by, blocked) AS (
      SELECT f.following_id, 1,
        EXISTS (SELECT 1 FROM follows b WHERE b.follower_id = f.following_id AND b.following_id = ${me}),
        EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${me} AND blocked_id = f.following_id)
          OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = f.following_id AND blocked_id = ${me})
      FROM follows f WHERE f.follower_id = ${me}
      UNION ALL SELECT ${me}, 0, 0, 0),
    page AS (
      SELECT p.id, a.follows, a.followed_by, a.blocked FROM authors a JOIN posts p ON p.user_id = a.uid
      WHERE p.id < ${before} AND ${visible}
      ORDER BY p.id DESC LIMIT ${limit})
    ${pageRowsSql}`;
}

/**
 * The rows of a `page` CTE (id, follows, followed_by, blocked: the post and the viewer's
 * relation to its author) with everything a view needs, newest first, in toRow's order:
 * the feed's statement ends with it, and so does any page read in its shape (the
 * community section on /feed).
 */
export const pageRowsSql = sql`SELECT p.id, p.user_id, p.kind, p.content, p.visibility, p.checkin_id, p.created_at,
      u.username, u.profile_photo, us.user_id IS NOT NULL, ${flagColumns},
      s.id, s.gym, s.city, s.slug, page.follows, page.followed_by, page.blocked,
      (SELECT count(*) FROM post_likes l WHERE l.post_id = p.id),
      EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ${me}),
      (SELECT group_concat(id, ',') FROM
        (SELECT ph.id FROM post_photos ph WHERE ph.post_id = p.id ORDER BY ph.position))
    FROM page JOIN posts p ON p.id = page.id JOIN users u ON u.id = p.user_id
      LEFT JOIN user_settings us ON us.user_id = p.user_id
      LEFT JOIN checkins c ON c.id = p.checkin_id LEFT JOIN schools s ON s.id = c.school_id
    ORDER BY p.id DESC`;

interface Compiled {
  sql: string;
  params: unknown[];
}
const dialect = new SQLiteAsyncDialect();
const compiled = new Map<PolicyViewer["kind"], Compiled>();

/** The statement's text is the same for every member of a kind: built once, then only bound. */
function compiledFor(kind: PolicyViewer["kind"]): Compiled {
  let found = compiled.get(kind);
  if (!found) {
    found = dialect.sqlToQuery(feedStatement(kind));
    compiled.set(kind, found);
  }
  return found;
}

/** The statement and its arguments, for EXPLAIN QUERY PLAN in the tests. */
export function feedStatementFor(
  viewer: PolicyViewer & { id: number },
  page: { limit: number; beforeId?: number },
) {
  const query = compiledFor(viewer.kind);
  const args = fillPlaceholders(query.params, {
    me: viewer.id,
    before: page.beforeId ?? Number.MAX_SAFE_INTEGER,
    limit: page.limit,
  }) as (string | number | null)[];
  return { sql: query.sql, args };
}

const bool = (value: unknown) => Number(value) === 1;

/** A settings row's flags as stored (present: whether there is a row), the defaults when none. */
const settingsOf = (present: unknown, flags: unknown[]): PrivacySettings =>
  bool(present)
    ? (Object.fromEntries(privacyFlags.map((f: PrivacyFlag, i) => [f, bool(flags[i])])) as PrivacySettings)
    : { ...defaultPrivacySettings };

/** A member's privacy flags as an SQL value (a JSON array, NULL when never saved), for a page's one statement. */
export const settingsJson = (user: SQL) =>
  sql`(SELECT json_array(${flagColumns}) FROM user_settings us WHERE us.user_id = ${user})`;

export const settingsFromJson = (json: unknown): PrivacySettings =>
  json === null || json === undefined ? settingsOf(0, []) : settingsOf(1, JSON.parse(String(json)));

/** How many values a row of `pageRowsSql` has (toRow reads them by position). */
export const PAGE_ROW_WIDTH = 20 + privacyFlags.length;

function toRow(r: unknown[], viewerId: number): FeedRow {
  const flags = r.slice(10, 10 + privacyFlags.length);
  const at = 10 + privacyFlags.length;
  const userId = Number(r[1]);
  return {
    id: Number(r[0]),
    userId,
    kind: r[2] as FeedRow["kind"],
    content: String(r[3]),
    visibility: r[4] as PostVisibility,
    checkinId: r[5] === null ? null : Number(r[5]),
    createdAt: new Date(Number(r[6])),
    username: String(r[7]),
    profilePhoto: (r[8] as string | null) ?? null,
    settings: settingsOf(r[9], flags),
    school:
      r[at] === null
        ? null
        : { id: Number(r[at]), gym: String(r[at + 1]), city: String(r[at + 2]), slug: String(r[at + 3]) },
    relation: {
      self: userId === viewerId,
      follows: bool(r[at + 4]),
      followedBy: bool(r[at + 5]),
      blocked: bool(r[at + 6]),
    },
    likeCount: Number(r[at + 7]),
    liked: bool(r[at + 8]),
    photoIds: r[at + 9] ? String(r[at + 9]).split(",") : [],
  };
}

/** The rows of feedStatementFor's answer (each as an array of its values). */
export const feedRowsOf = (rows: unknown[][], viewerId: number): FeedRow[] =>
  rows.map((r) => toRow(r, viewerId));

/** A feed page for a signed-in viewer: one statement, rows newest first. */
export async function feedPageRows(
  db: Db,
  viewer: PolicyViewer & { id: number },
  page: { limit: number; beforeId?: number | undefined },
): Promise<FeedRow[]> {
  const result = await db.$client.execute(feedStatementFor(viewer, page));
  return result.rows.map((row) => toRow(Array.from(row as ArrayLike<unknown>), viewer.id));
}
