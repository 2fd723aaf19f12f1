import { existsSync } from "node:fs";
import { join } from "node:path";
import { Elysia } from "elysia";
import type { Db } from "../../../db/client";
import type { authGuard } from "../../policy/guard";
import { assetRoot, loadAssetManifest } from "../../render/assets";
import { webManifest } from "./manifest";
import { offlineSaved } from "./service";

/**
 * The installable app (issue 22): the web manifest, the service worker at the root (its scope
 * is the whole site), the offline page it keeps, and the saved gyms it keeps for offline
 * reading (its page is in page-routes.ts). The worker and the manifest are asked again on every visit (no-cache), so a new
 * build reaches browsers at once; the icons are hashed assets under /assets/.
 */
export function pwaRoutes(deps: { db: Db; now: () => Date }, guard: ReturnType<typeof authGuard>) {
  const root = assetRoot();
  const { app } = loadAssetManifest(root);
  const manifest = JSON.stringify(webManifest(app));
  const worker = app ? join(root, app.serviceWorker) : null;
  return new Elysia({ name: "pwa" })
    .get(
      "/manifest.webmanifest",
      () =>
        new Response(manifest, {
          headers: {
            "content-type": "application/manifest+json; charset=utf-8",
            "cache-control": "no-cache",
          },
        }),
    )
    .get("/sw.js", ({ status }) => {
      if (!worker || !existsSync(worker)) return status(404, { message: "Not found" });
      return new Response(Bun.file(worker), {
        headers: {
          "content-type": "text/javascript; charset=utf-8",
          "cache-control": "no-cache",
          "service-worker-allowed": "/",
        },
      });
    })
    .use(guard)
    .get(
      "/api/offline/saved",
      async ({ member, set }) => {
        // The worker keeps its own copy; no other cache may.
        set.headers["cache-control"] = "private, no-store";
        return offlineSaved(deps, member.user.id);
      },
      { auth: "member" },
    );
}
