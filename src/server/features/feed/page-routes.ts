import { Elysia } from "elysia";
import { FEED_PAGE_SIZE } from "../../../common/schemas/posts";
import { TABLE_FAMILIES, type VersionedTable } from "../../../db/table-versions";
import { feedPage } from "../../../pages/feed";
import type { AppContext } from "../../context";
import { viewerFromSession } from "../../policy/guard";
import { membersOnlyPages } from "../../render/members-only";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin, ValidSession } from "../auth/service";
import * as badges from "../badges/service";
import * as checkins from "../checkins/service";
import { savedGymSummaries } from "../favorites/service";
import { communityFor, feedFor } from "../posts/service";
import { getSettings } from "../settings/service";

/** What the feed is read from: the page is kept per member until one of them moves. */
const FEED_TABLES: readonly VersionedTable[] = [
  ...TABLE_FAMILIES.social,
  ...TABLE_FAMILIES.posts,
  ...TABLE_FAMILIES.activity,
];

/** The feed's Saved Schools panel lists this many; the profile has the rest. */
const SAVED_SCHOOLS_SHOWN = 50;

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
    const userId = s.user.id;
    const viewer = viewerFromSession(s, app.env.ADMIN_EMAILS);
    // A panel whose data fails to load is left to its island, which asks the API itself.
    const orNull = <T>(p: Promise<T>) => p.catch(() => null);
    const [posts, progress, settings, saved, mine] = await Promise.all([
      orNull(feedFor(db, viewer, { limit: FEED_PAGE_SIZE, beforeId: undefined })),
      orNull(badges.badgeProgress(db, userId)),
      getSettings(db, userId),
      savedGymSummaries(db, userId, SAVED_SCHOOLS_SHOWN),
      orNull(checkins.myCheckins(db, userId, app.now())),
    ]);
    // A newcomer's feed is empty: the community section starts from the server too.
    const community =
      posts?.length === 0 ? await orNull(communityFor(db, viewer, { limit: FEED_PAGE_SIZE })) : null;
    return feedPage({
      // Only what the islands show: no e-mail, role or session detail reaches the page's props.
      viewer: { id: userId, username: s.user.username, profilePhoto: s.user.profilePhoto },
      posts,
      community,
      // 'Keep private' shows what others see: the badges are theirs to see by showBadgeCount alone.
      progress: { progress, shareBadgeProgressPublic: settings.showBadgeCount },
      saved: { savedSchools: saved, checkins: mine },
    });
  };

  const membersOnly = membersOnlyPages(render);
  return new Elysia({ name: "feed-page" })
    .use(session)
    .get("/feed", (ctx) => membersOnly(ctx, feed, FEED_TABLES));
}
