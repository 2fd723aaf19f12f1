import { Elysia } from "elysia";
import { recentCheckinsOf } from "../../../common/schemas/checkins";
import { TABLE_FAMILIES, type VersionedTable } from "../../../db/table-versions";
import { feedPage } from "../../../pages/feed";
import type { AppContext } from "../../context";
import { viewerFromSession } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { membersOnlyPages } from "../../render/members-only";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin, ValidSession } from "../auth/service";
import { checkinsFromSql, checkinsSql } from "../checkins/service";
import { type CheckinsPanel, feedPageData } from "../posts/service";

/** The check-ins panel, which the posts feature cannot import (the check-ins feature imports it). */
const CHECKINS_PANEL: CheckinsPanel = { sql: checkinsSql, read: checkinsFromSql };

/** What the feed is read from: the page is kept per member until one of them moves. */
const FEED_TABLES: readonly VersionedTable[] = [
  ...TABLE_FAMILIES.social,
  ...TABLE_FAMILIES.posts,
  ...TABLE_FAMILIES.activity,
];

/**
 * GET /feed (spec §2): the member's feed, rendered on the server from the services (first
 * page of posts, badge progress, settings, saved schools, check-ins) so the islands start
 * seeded. A guest gets the sign-in screen and comes back here after it.
 */
export function feedPageRoutes(
  app: AppContext,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
) {
  const db = app.database.db;

  const feed = async (s: ValidSession) => {
    const viewer = viewerFromSession(s, app.env.ADMIN_EMAILS) as PolicyViewer & { id: number };
    // The feed's first page and every panel in one round trip (posts/feed-page.ts).
    const { posts, community, progress, settings, savedSchools, checkins } = await feedPageData(
      db,
      viewer,
      app.now(),
      CHECKINS_PANEL,
    );
    return feedPage({
      // Only what the islands show: no e-mail, role or session detail reaches the page's props.
      viewer: { id: s.user.id, username: s.user.username, profilePhoto: s.user.profilePhoto },
      posts,
      community,
      // 'Keep private' shows what others see: the badges are theirs to see by showBadgeCount alone.
      progress: { progress, shareBadgeProgressPublic: settings.showBadgeCount },
      // Only the newest check-ins and the count: the panel fetches the rest when asked.
      saved: { savedSchools, checkins: recentCheckinsOf(checkins) },
    });
  };

  const membersOnly = membersOnlyPages(render);
  return new Elysia({ name: "feed-page" })
    .use(session)
    .get("/feed", (ctx) => membersOnly(ctx, feed, FEED_TABLES));
}
