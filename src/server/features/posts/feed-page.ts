import { fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { CheckinView } from "../../../common/schemas/checkins";
import { FEED_PAGE_SIZE } from "../../../common/schemas/posts";
import type { Db } from "../../../db/client";
import { type RelationSql, visiblePostsWhere } from "../../policy/post-visibility";
import type { PolicyViewer } from "../../policy/viewer";
import { badgeAwardsSql, badgeMetricsSql, badgesFromJson } from "../badges/service";
import { savedGymSummariesSql, savedGymsFromJson } from "../favorites/service";
import { feedStatementFor, PAGE_ROW_WIDTH, pageRowsSql, settingsFromJson, settingsJson } from "./feed-query";

/** The feed's Saved Schools panel lists this many; the profile has the rest. */
export const FEED_SAVED_SCHOOLS_SHOWN = 50;

const me = sql`${sql.placeholder("me")}`;

/**
 * Whether the member has an author in their feed (someone they follow, or themselves with
 * a post): two probes of a primary key and posts_user_feed. Without one, the feed is empty.
 */
const hasAuthors = sql`(EXISTS (SELECT 1 FROM follows WHERE follower_id = ${me})
  OR EXISTS (SELECT 1 FROM posts WHERE user_id = ${me}))`;

/**
 * The check-ins panel's part of the statement, from the check-ins feature's service: it
 * imports this feature's (for the check-in cards), so the feed page passes it in.
 */
export interface CheckinsPanel {
  /** The member's check-ins as an SQL value. */
  sql: (member: SQL) => SQL;
  /** That value as the member's own list. */
  read: (json: unknown, userId: number, showGym: boolean, now: Date) => CheckinView[];
}

/**
 * The feed page's panels for the member: their flags, awards and metrics, saved gyms and
 * check-ins, and the community section when their feed is empty for sure (`communityJson`).
 */
const panels = (kind: "member" | "admin", checkins: CheckinsPanel): SQL => sql`SELECT ${settingsJson(me)},
  ${badgeAwardsSql(me)}, ${badgeMetricsSql(me)}, ${savedGymSummariesSql(me, FEED_SAVED_SCHOOLS_SHOWN)},
  ${checkins.sql(me)}, ${communityJson(kind)}`;

const compiledPanels = new Map<string, { sql: string; params: unknown[] }>();

/** How the viewer (`me`) stands to a post's author, looked up through the follows and blocks keys. */
const relationOf = (author: SQL): RelationSql => ({
  self: sql`(${author} = ${me})`,
  follows: sql`EXISTS (SELECT 1 FROM follows WHERE follower_id = ${me} AND following_id = ${author})`,
  followedBy: sql`EXISTS (SELECT 1 FROM follows WHERE follower_id = ${author} AND following_id = ${me})`,
  blocked: sql`(EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${me} AND blocked_id = ${author})
      OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${author} AND blocked_id = ${me}))`,
});

/** The policy's post.read SQL over the posts aliased `alias`, for a kind of viewer. */
function readable(kind: "member" | "admin", alias: string): SQL {
  const author = sql.raw(`${alias}.user_id`);
  const columns = { author, visibility: sql.raw(`${alias}.visibility`) };
  return visiblePostsWhere({ kind, id: 0 }, columns, undefined, relationOf(author));
}

const rowNames = Array.from({ length: PAGE_ROW_WIDTH }, (_, i) => `c${i}`).join(", ");

/**
 * communityFor's first page as an SQL value, a JSON array of rows in the feed's row shape
 * (feed-query.ts `pageRowsSql`, toRow's order): recent Public posts and check-in cards of
 * others, newest first, the policy's SQL leaving out what the viewer may not read (a
 * block either way). Read only for a member with no author (`hasAuthors`), whose feed is
 * empty for sure; for any other member the value is NULL and the page is not walked (a
 * CASE branch not taken). A member whose authors have nothing they may read has an empty
 * feed too: feedPageData asks communityFor for theirs, a second round trip as before.
 */
const communityJson = (kind: "member" | "admin"): SQL => {
  const relation = relationOf(sql`p.user_id`);
  return sql`CASE WHEN ${hasAuthors} THEN NULL ELSE (
    WITH page (id, follows, followed_by, blocked) AS (
      SELECT p.id, ${relation.follows}, ${relation.followedBy}, ${relation.blocked} FROM posts p
      WHERE p.visibility = 'Public' AND p.user_id <> ${me} AND ${readable(kind, "p")}
      ORDER BY p.id DESC LIMIT ${FEED_PAGE_SIZE}),
    rows (${sql.raw(rowNames)}) AS (${pageRowsSql})
    SELECT json_group_array(json_array(${sql.raw(rowNames)})) FROM rows) END`;
};

/**
 * Everything /feed shows, in one round trip: the first page of the feed (feed-query.ts's
 * one statement, every row still through `can()` in feedFor's way), the member's own
 * panels and, for a member with no author, the community section (`communityJson`, its
 * rows through `can()` too; null when it was not read), as one read batch. The panels are the
 * member's own, so no policy stands between them and the page; the progress panel's
 * 'Keep private' follows their showBadgeCount as before. `feedRows` turns the feed's and
 * the community's rows into views.
 */
export async function feedPageReads<T>(
  db: Db,
  viewer: PolicyViewer & { id: number },
  now: Date,
  checkins: CheckinsPanel,
  feedRows: (rows: unknown[][]) => T,
) {
  const kind = viewer.kind === "admin" ? "admin" : "member";
  let query = compiledPanels.get(kind);
  if (!query) {
    query = new SQLiteAsyncDialect().sqlToQuery(panels(kind, checkins));
    compiledPanels.set(kind, query);
  }
  const panelArgs = fillPlaceholders(query.params, { me: viewer.id }) as (string | number | null)[];
  const [feed, own] = await db.$client.batch(
    [feedStatementFor(viewer, { limit: FEED_PAGE_SIZE }), { sql: query.sql, args: panelArgs }],
    "read",
  );
  const row = own?.rows[0];
  if (!feed || !row) throw new Error("the feed page's batch answered nothing");
  const settings = settingsFromJson(row[0]);
  const badges = badgesFromJson(row[1], row[2], viewer.id);
  return {
    posts: feedRows(feed.rows.map((r) => Array.from(r as ArrayLike<unknown>))),
    community: row[5] === null ? null : feedRows(JSON.parse(String(row[5])) as unknown[][]),
    settings,
    progress: badges.progress,
    savedSchools: savedGymsFromJson(row[3]),
    checkins: checkins.read(row[4], viewer.id, true, now),
  };
}
