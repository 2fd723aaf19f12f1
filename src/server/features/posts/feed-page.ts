import { fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { FEED_PAGE_SIZE } from "../../../common/schemas/posts";
import type { Db } from "../../../db/client";
import type { PolicyViewer } from "../../policy/viewer";
import { badgeAwardsSql, badgeMetricsSql, badgesFromJson } from "../badges/service";
import { checkinsFromSql, checkinsSql } from "../checkins/service";
import { savedGymSummariesSql, savedGymsFromJson } from "../favorites/service";
import { feedStatementFor, settingsFromJson, settingsJson } from "./feed-query";

/** The feed's Saved Schools panel lists this many; the profile has the rest. */
export const FEED_SAVED_SCHOOLS_SHOWN = 50;

const me = sql`${sql.placeholder("me")}`;

/**
 * The feed page's panels for the member: their flags, awards and metrics, saved gyms and
 * check-ins (built at first use: the check-ins feature imports this one's service).
 */
const panels = (): SQL => sql`SELECT ${settingsJson(me)}, ${badgeAwardsSql(me)}, ${badgeMetricsSql(me)},
  ${savedGymSummariesSql(me, FEED_SAVED_SCHOOLS_SHOWN)}, ${checkinsSql(me)}`;

let compiledPanels: { sql: string; params: unknown[] } | undefined;

/**
 * Everything /feed shows but the community section, in one round trip: the first page of
 * the feed (feed-query.ts's one statement, every row still through `can()` in feedFor's
 * way) and the member's own panels, as one read batch. The panels are the member's own,
 * so no policy stands between them and the page; the progress panel's 'Keep private'
 * follows their showBadgeCount as before. `feedRows` turns the feed rows into views.
 */
export async function feedPageReads<T>(
  db: Db,
  viewer: PolicyViewer & { id: number },
  now: Date,
  feedRows: (rows: unknown[][]) => T,
) {
  compiledPanels ??= new SQLiteAsyncDialect().sqlToQuery(panels());
  const panelArgs = fillPlaceholders(compiledPanels.params, { me: viewer.id }) as (string | number | null)[];
  const [feed, own] = await db.$client.batch(
    [feedStatementFor(viewer, { limit: FEED_PAGE_SIZE }), { sql: compiledPanels.sql, args: panelArgs }],
    "read",
  );
  const row = own?.rows[0];
  if (!feed || !row) throw new Error("the feed page's batch answered nothing");
  const settings = settingsFromJson(row[0]);
  const badges = badgesFromJson(row[1], row[2], viewer.id);
  return {
    posts: feedRows(feed.rows.map((r) => Array.from(r as ArrayLike<unknown>))),
    settings,
    progress: badges.progress,
    savedSchools: savedGymsFromJson(row[3]),
    checkins: checkinsFromSql(row[4], viewer.id, true, now),
  };
}
