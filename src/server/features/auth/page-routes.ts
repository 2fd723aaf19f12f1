import { Elysia } from "elysia";
import { safeNext } from "../../../common/safe-next";
import { accountPage } from "../../../pages/account";
import { authPage } from "../../../pages/auth";
import { membersAreaPage } from "../../../pages/members-area";
import { resetPasswordPage } from "../../../pages/reset-password";
import type { PageRenderer, PageRequest } from "../../render/page-renderer";
import type { RenderInput } from "../../render/render-page";
import type { sessionPlugin } from "./session-plugin";

/** Members-only sections still waiting for their own screens. */
const membersAreas = [
  ["/feed", "Feed"],
  ["/profile", "Profile"],
  ["/users", "Find Users"],
  ["/users/:userId", "Profile"],
  ["/messages", "Messages"],
  ["/messages/:conversationId", "Conversation"],
  ["/admin", "Admin"],
] as const;

/**
 * Sign-in, reset and account pages. Members-only pages know the session on the server,
 * so a guest gets the sign-in screen in the first HTML and returns here after it.
 */
export function authPageRoutes(session: ReturnType<typeof sessionPlugin>, render: PageRenderer) {
  const membersOnly = (
    ctx: PageRequest,
    page: (user: NonNullable<PageRequest["session"]>["user"]) => RenderInput,
  ) => {
    if (ctx.session) return render(ctx, page(ctx.session.user));
    const url = new URL(ctx.request.url);
    return render(ctx, authPage(url.pathname + url.search));
  };
  // Only a page of this site: the island checks again against the browser's own origin.
  const nextOf = (request: Request) => {
    const url = new URL(request.url);
    return safeNext(url.searchParams.get("next"), url.origin);
  };

  const routes = new Elysia({ name: "auth-pages" })
    .use(session)
    .get("/auth", (ctx) => render(ctx, authPage(nextOf(ctx.request))))
    .get("/login", (ctx) => render(ctx, authPage(nextOf(ctx.request))))
    .get("/reset-password", (ctx) =>
      render(ctx, resetPasswordPage(new URL(ctx.request.url).searchParams.get("token") ?? "")),
    )
    .get("/account", (ctx) => membersOnly(ctx, (user) => accountPage(user.username, user.email)));
  for (const [path, title] of membersAreas) {
    routes.get(path, (ctx) => membersOnly(ctx, (user) => membersAreaPage(title, user.username)));
  }
  return routes;
}
