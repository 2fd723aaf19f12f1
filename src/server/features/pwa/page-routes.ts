import { Elysia } from "elysia";
import { offlinePage } from "../../../pages/offline";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";

/** `/offline`: the page the service worker keeps and shows when the network is gone. */
export function pwaPageRoutes(session: ReturnType<typeof sessionPlugin>, render: PageRenderer) {
  return new Elysia({ name: "pwa-page" }).use(session).get("/offline", (ctx) => render(ctx, offlinePage()));
}
