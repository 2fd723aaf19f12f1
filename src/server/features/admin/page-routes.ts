import { Elysia } from "elysia";
import { STALE_PAGE_SIZE } from "../../../common/schemas/stale-listings";
import { AUDIT_PAGE_SIZE } from "../../../islands/admin/types";
import { adminPage } from "../../../pages/admin";
import { forbiddenPage } from "../../../pages/forbidden";
import type { AppContext } from "../../context";
import { can } from "../../policy/access";
import { adminOnlyMessage, viewerFromSession } from "../../policy/guard";
import { membersOnlyPages } from "../../render/members-only";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";
import { feedbackForAdmins } from "../feedback/service";
import { reportQueue } from "../reports/service";
import { staleListings } from "../stale-listings/service";
import { auditLog, reviewQueue } from "../submissions/service";

/**
 * GET /admin (spec §6): rendered with the queue, the feedback, the reports, the first page of
 * each stale list and the first audit page, so the island starts seeded. A guest gets the sign-in screen; a member is told it is for administrators.
 */
export function adminPageRoutes(
  app: AppContext,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
) {
  const db = app.database.db;
  const membersOnly = membersOnlyPages(render);
  return new Elysia({ name: "admin-page" }).use(session).get("/admin", (ctx) =>
    membersOnly(ctx, async (s) => {
      const viewer = viewerFromSession(s, app.env.ADMIN_EMAILS);
      if (!can(viewer, "admin.access")) return forbiddenPage("Administrators only", adminOnlyMessage);
      // A list that fails here is left to the island, which asks the API itself.
      const orNull = <T>(p: Promise<T>) => p.catch(() => null);
      const firstStale = (kind: "flagged" | "unconfirmed") =>
        orNull(staleListings(db, viewer, app.now(), { kind, limit: STALE_PAGE_SIZE, offset: 0 }));
      const [submissions, feedback, audit, reports, flagged, unconfirmed] = await Promise.all([
        orNull(reviewQueue(db, viewer)),
        orNull(feedbackForAdmins(db, viewer)),
        orNull(auditLog(db, viewer, AUDIT_PAGE_SIZE)),
        orNull(reportQueue(db, viewer)),
        firstStale("flagged"),
        firstStale("unconfirmed"),
      ]);
      return adminPage({ submissions, feedback, audit, reports, stale: { flagged, unconfirmed } });
    }),
  );
}
