import type { VersionedTable } from "../../db/table-versions";
import { authPage } from "../../pages/auth";
import type { ValidSession } from "../features/auth/sessions";
import type { PageRenderer, PageRequest } from "./page-renderer";
import type { RenderInput } from "./render-page";

/**
 * Members-only pages know the session on the server: a guest gets the sign-in screen in the
 * first HTML and comes back to the same address after it; a member gets `page`. With
 * `tables` (every table `page` reads), the member's page is kept for them until one of
 * those tables or the minute moves (PageRenderer's `forViewer`).
 */
export function membersOnlyPages(render: PageRenderer) {
  return async (
    ctx: PageRequest,
    page: (session: ValidSession) => RenderInput | Promise<RenderInput>,
    tables?: readonly VersionedTable[],
  ) => {
    const { session } = ctx;
    if (session && tables) return render.forViewer(ctx, { tables }, () => page(session));
    if (session) return render(ctx, await page(session));
    const url = new URL(ctx.request.url);
    return render(ctx, authPage(url.pathname + url.search));
  };
}
