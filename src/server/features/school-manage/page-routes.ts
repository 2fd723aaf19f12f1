import { Elysia } from "elysia";
import { TABLE_FAMILIES, type VersionedTable } from "../../../db/table-versions";
import { notFoundPage } from "../../../pages/not-found";
import { schoolManagePage } from "../../../pages/school-manage";
import type { AppContext } from "../../context";
import { viewerFromSession } from "../../policy/guard";
import { membersOnlyPages } from "../../render/members-only";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";
import { managePage } from "./service";

const MAX_SLUG_PARAM = 120;

/** What the manage page is read from: kept per owner until one of them moves. */
const MANAGE_TABLES: readonly VersionedTable[] = [
  ...TABLE_FAMILIES.social,
  ...TABLE_FAMILIES.schools,
  "feedback",
];

/**
 * GET /schools/{slug}/manage (issue 21): for the school's owners and admins. A guest gets the
 * sign-in screen and comes back here after it; anyone else the page a missing school gets.
 */
export function schoolManagePageRoutes(
  app: AppContext,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
) {
  const membersOnly = membersOnlyPages(render);
  const deps = { db: app.database.db, now: app.now };
  return new Elysia({ name: "school-manage-page" }).use(session).get("/schools/:slug/manage", (ctx) =>
    membersOnly(
      ctx,
      async (s) => {
        const slug: unknown = ctx.params.slug;
        if (typeof slug !== "string" || slug.length > MAX_SLUG_PARAM) return notFoundPage();
        const data = await managePage(deps, viewerFromSession(s, app.env.ADMIN_EMAILS), slug);
        return data ? schoolManagePage(data) : notFoundPage();
      },
      MANAGE_TABLES,
    ),
  );
}
