import { Elysia } from "elysia";
import { accountPage } from "../../../pages/account";
import { membersOnlyPages } from "../../render/members-only";
import type { PageRenderer } from "../../render/page-renderer";
import { type AuthDeps, pendingEmailChange, type sessionPlugin } from "../auth/service";
import { getOwnSettings } from "../settings/service";

/** `/account`: the member's own settings page; a guest gets the sign-in screen in its place. */
export function accountPageRoutes(
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
  deps: AuthDeps,
) {
  const membersOnly = membersOnlyPages(render);
  return new Elysia({ name: "account-page" }).use(session).get("/account", (ctx) =>
    membersOnly(ctx, async ({ user }) => {
      const own = await getOwnSettings(deps.db, user.id);
      return accountPage({
        username: user.username,
        email: user.email,
        emailVerified: user.emailVerifiedAt !== null,
        pendingEmail: await pendingEmailChange(deps, user),
        emailUnreadMessages: own.emailUnreadMessages,
        showGoing: own.showGoing,
      });
    }),
  );
}
