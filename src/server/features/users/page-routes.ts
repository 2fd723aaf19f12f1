import { Elysia } from "elysia";
import * as v from "valibot";
import { userIdParams } from "../../../common/schemas/users";
import { TABLE_FAMILIES, type VersionedTable } from "../../../db/table-versions";
import { profilePage, userNotFoundPage } from "../../../pages/profile";
import { userSearchPage } from "../../../pages/user-search";
import type { AppContext } from "../../context";
import { viewerFromSession } from "../../policy/guard";
import { membersOnlyPages } from "../../render/members-only";
import type { PageRenderer } from "../../render/page-renderer";
import type { RenderInput } from "../../render/render-page";
import type { sessionPlugin, ValidSession } from "../auth/service";
import { profilePageData, searchUsers } from "./service";

const SEARCH_PARAM_MAX = 100;

/** What a profile is read from: the page is kept per viewer until one of them moves. */
const PROFILE_TABLES: readonly VersionedTable[] = [
  ...TABLE_FAMILIES.social,
  ...TABLE_FAMILIES.posts,
  ...TABLE_FAMILIES.activity,
];

/**
 * The member pages: /profile, /users/{userId} and /users (spec §2), rendered on the server
 * from the users service. Guests get the sign-in screen and come back here after it.
 */
export function profilePageRoutes(
  app: AppContext,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
) {
  const db = app.database.db;
  const viewerOf = (s: ValidSession) => viewerFromSession(s, app.env.ADMIN_EMAILS);

  const membersOnly = membersOnlyPages(render);

  // Everything the profile shows, in one statement (users/profile-page.ts).
  const profile = async (s: ValidSession, userId: number): Promise<RenderInput> => {
    const data = await profilePageData(db, viewerOf(s), userId, app.now());
    if (!data) return userNotFoundPage();
    return profilePage({ ...data, viewerId: s.user.id });
  };

  return new Elysia({ name: "profile-pages" })
    .use(session)
    .get("/profile", (ctx) => membersOnly(ctx, (s) => profile(s, s.user.id), PROFILE_TABLES))
    .get("/users/:userId", (ctx) =>
      membersOnly(
        ctx,
        async (s) => {
          // A malformed id names nobody: the same 404 as an unknown one.
          const parsed = v.safeParse(userIdParams, ctx.params);
          return parsed.success ? profile(s, parsed.output.userId) : userNotFoundPage();
        },
        PROFILE_TABLES,
      ),
    )
    .get("/users", (ctx) =>
      membersOnly(ctx, async (s) => {
        const q = (new URL(ctx.request.url).searchParams.get("q") ?? "").slice(0, SEARCH_PARAM_MAX);
        const results = q.trim() ? await searchUsers(db, viewerOf(s), q) : null;
        return userSearchPage({ q, results, viewerId: s.user.id });
      }),
    );
}
