/**
 * The service worker (src/client/sw.ts), built by scripts/build-client.ts after the rest of
 * the client: its list of what to keep offline (the shell: the stylesheet, the header's
 * script, React and the offline page's island with every chunk they import, the icons, the
 * offline page itself) names the hashed files of this build, and its version is the hash of
 * that list, so a new build installs a new worker and the old files are let go.
 */
import { join } from "node:path";
import type { AssetManifest } from "../src/server/render/assets";

const repo = join(import.meta.dir, "..");
/** The island the offline page hydrates (src/islands/OfflineSaved.tsx). */
const OFFLINE_ISLAND = "OfflineSaved";
export const SERVICE_WORKER_FILE = "sw.js";

export async function buildServiceWorker(
  out: string,
  manifest: AssetManifest,
  staticClosure: (file: string) => Set<string>,
): Promise<string> {
  const island = manifest.islands[OFFLINE_ISLAND];
  if (!island) throw new Error(`no island ${OFFLINE_ISLAND} for the offline page`);
  const files = new Set([
    manifest.css,
    ...staticClosure(manifest.nav),
    ...staticClosure(manifest.hydrate),
    ...staticClosure(island),
  ]);
  const icons = Object.keys(manifest.files).filter((f) => /^(icon-|apple-touch-icon-).*\.png$/.test(f));
  const precache = [
    "/offline",
    "/manifest.webmanifest",
    "/favicon.svg",
    ...[...files, ...icons].map((f) => `/assets/${f}`),
  ];
  const version = Bun.hash(JSON.stringify(precache)).toString(16);
  const result = await Bun.build({
    entrypoints: [join(repo, "src/client/sw.ts")],
    outdir: out,
    target: "browser",
    // A classic script: every browser with service workers runs it (module workers are newer).
    format: "iife",
    minify: process.env.NODE_ENV !== "development",
    naming: { entry: SERVICE_WORKER_FILE },
    define: {
      OPENMAT_SW_VERSION: JSON.stringify(version),
      OPENMAT_SW_PRECACHE: JSON.stringify(precache),
    },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("the service worker did not build");
  }
  return SERVICE_WORKER_FILE;
}
