import { spawnSync } from "node:child_process";
import packageJson from "../../package.json" with { type: "json" };
import { schemaVersion } from "../db/migrate";

/**
 * Set by scripts/build-binary.ts (`define`): the commit the binary was built from (git's
 * short sha, "-dirty" when the tree had uncommitted changes) and when it was built.
 */
declare const OPENMAT_BUILD_COMMIT: string | undefined;
declare const OPENMAT_BUILD_DATE: string | undefined;

/** From source, the checkout's commit when git can tell, else "unknown". */
function sourceCommit(): string {
  try {
    const run = spawnSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: import.meta.dir,
      encoding: "utf8",
    });
    const sha = run.status === 0 ? run.stdout.trim() : "";
    return /^[0-9a-f]{4,}$/.test(sha) ? sha : "unknown";
  } catch {
    return "unknown";
  }
}

export interface BuildInfo {
  version: string;
  commit: string;
  /** ISO time of the build; "unknown" when running from source. */
  builtAt: string;
  /** The last migration this code carries, e.g. "0025_ratings_from_members". */
  schema: string;
}

let cached: BuildInfo | undefined;

export function buildInfo(): BuildInfo {
  cached ??= {
    version: packageJson.version,
    commit: typeof OPENMAT_BUILD_COMMIT === "string" ? OPENMAT_BUILD_COMMIT : sourceCommit(),
    builtAt: typeof OPENMAT_BUILD_DATE === "string" ? OPENMAT_BUILD_DATE : "unknown",
    schema: schemaVersion(),
  };
  return cached;
}

/** One line naming this build, as messages and the database's `schema.migrated_by` record say it. */
export function buildLabel(info: BuildInfo = buildInfo()): string {
  return `openmat ${info.version} (commit ${info.commit}, schema ${info.schema})`;
}
