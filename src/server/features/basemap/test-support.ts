/** Shared by the basemap tests: the basemap build must exist before they read it. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BASEMAP_FORMAT_VERSION, basemapDataRoot, MANIFEST_FILE } from "./files";

/** Building takes several seconds: give the hook that may run it this long. */
export const BASEMAP_BUILD_TIMEOUT_MS = 120_000;

function isCurrent(root: string): boolean {
  const file = join(root, MANIFEST_FILE);
  if (!existsSync(file)) return false;
  return (JSON.parse(readFileSync(file, "utf8")) as { format?: number }).format === BASEMAP_FORMAT_VERSION;
}

/** Runs scripts/build-basemap.ts when .build/basemap is missing or stale. */
export function ensureBasemap(): void {
  if (isCurrent(basemapDataRoot())) return;
  const build = Bun.spawnSync({
    cmd: [process.execPath, "scripts/build-basemap.ts"],
    cwd: join(import.meta.dir, "../../../.."),
    stdout: "ignore",
    stderr: "pipe",
  });
  if (build.exitCode !== 0) throw new Error(`build-basemap failed: ${build.stderr.toString()}`);
}
