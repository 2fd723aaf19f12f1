import { join } from "node:path";
import { Elysia } from "elysia";
import { acceptsGzip } from "../../http/compression";
import { assetRoot, loadAssetManifest } from "../../render/assets";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Content-hashed client files, with their pre-compressed gzip twins. */
export function assetRoutes() {
  const root = assetRoot();
  const { files } = loadAssetManifest(root);
  return new Elysia({ name: "assets" })
    .get("/assets/*", ({ params, request, status }) => {
      const name = params["*"];
      // Own keys only: "__proto__" or "constructor" must not reach the file system.
      const entry = Object.hasOwn(files, name) ? files[name] : undefined;
      if (!entry) return status(404, { message: "Not found" });
      const gzip = entry.gzip && acceptsGzip(request);
      const headers: Record<string, string> = {
        "content-type": entry.type,
        "cache-control": IMMUTABLE,
        vary: "Accept-Encoding",
      };
      if (gzip) headers["content-encoding"] = "gzip";
      return new Response(Bun.file(join(root, gzip ? `${name}.gz` : name)), { headers });
    })
    .get(
      "/favicon.svg",
      () =>
        new Response(Bun.file(join(root, "favicon.svg")), {
          headers: { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" },
        }),
    );
}
