import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Replaced by `true` in the compiled binary (scripts/build-binary.ts defines it). A
 * constant fixed at build time, because the paths Bun reports cannot tell: with bytecode,
 * `import.meta.dir` inside the binary still names the source folder it was built from.
 */
declare const OPENMAT_COMPILED: boolean | undefined;
/** In the binary: every file of .build/ it embeds, relative to .build/ (defined at build time). */
declare const OPENMAT_EMBEDDED_FILES: readonly string[] | undefined;

export const isCompiledBinary: boolean = typeof OPENMAT_COMPILED === "boolean" && OPENMAT_COMPILED;

/** What `npm run build:assets` writes into .build/ and the binary embeds under the same names. */
export type BuildOutput = "client" | "geo" | "basemap";

const checkoutRoot = join(import.meta.dir, "../..");

/**
 * Where a build output lives: inside the binary, next to its entry point in Bun's embedded
 * file system (`/$bunfs/root/<name>`); from source, `.build/<name>` in the checkout. The
 * binary never looks at the checkout, even when one exists at the path it was built from.
 */
export function buildOutputRoot(name: BuildOutput): string {
  return isCompiledBinary ? join(dirname(Bun.main), name) : join(checkoutRoot, ".build", name);
}

/** The error for a build file that is not where it must be, with the way to get it. */
export function missingBuildFile(file: string, buildCommand: string): Error {
  return new Error(
    isCompiledBinary
      ? `This binary is incomplete: the embedded file ${file} is missing. Rebuild it with \`npm run build\`.`
      : `${file} is missing. Run \`${buildCommand}\` first.`,
  );
}

/**
 * In the binary, fails at start naming the first embedded file that cannot be found, rather
 * than at the first request that needs it. From source there is nothing to check here.
 */
export function checkEmbeddedFiles(): void {
  if (!isCompiledBinary) return;
  const files = typeof OPENMAT_EMBEDDED_FILES === "undefined" ? [] : OPENMAT_EMBEDDED_FILES;
  if (files.length === 0) throw new Error("This binary is incomplete: it lists no embedded files.");
  const root = dirname(Bun.main);
  for (const file of files) {
    if (!existsSync(join(root, file))) throw missingBuildFile(join(root, file), "npm run build");
  }
}
