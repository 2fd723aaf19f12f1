/** Shared by the geo tests: the geo build must exist before they read it. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { GAZETTEER_FILE, GEO_FORMAT_VERSION } from "./data-format";
import { geoDataRoot } from "./data-root";

let ready = false;

function isCurrent(root: string): boolean {
  const file = join(root, GAZETTEER_FILE);
  if (!existsSync(file)) return false;
  // The format field comes first in the file, so a peek at the head is enough.
  const head = readFileSync(file, "utf8").slice(0, 40);
  return head.startsWith(`{"format":${GEO_FORMAT_VERSION},`);
}

/** Runs scripts/build-geo.ts once per test process when .build/geo is missing or stale. */
export function ensureGeoData(): void {
  if (ready) return;
  if (!isCurrent(geoDataRoot())) {
    const build = Bun.spawnSync({
      cmd: [process.execPath, "scripts/build-geo.ts"],
      cwd: join(import.meta.dir, "../../../.."),
      stdout: "ignore",
      stderr: "pipe",
    });
    if (build.exitCode !== 0) throw new Error(`build-geo failed: ${build.stderr.toString()}`);
  }
  ready = true;
}
