import { authPage } from "../../pages/auth";
import type { ValidSession } from "../features/auth/sessions";
import type { PageRenderer, PageRequest } from "./page-renderer";
import type { RenderInput } from "./render-page";

/**
 * Members-only pages know the session on the server: a guest gets the sign-in screen in the
 * first HTML and comes back to the same address after it; a member gets `page`.
 */
export function membersOnlyPages(render: PageRenderer) {
  return async (ctx: PageRequest, page: (session: ValidSession) => RenderInput | Promise<RenderInput>) => {
    if (ctx.session) return render(ctx, await page(ctx.session));
    const url = new URL(ctx.request.url);
    return render(ctx, authPage(url.pathname + url.search));
  };
}
