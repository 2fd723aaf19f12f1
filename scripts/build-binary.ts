/**
 * Compiles the server, the client build and the migrations into one executable,
 * dist/openmat. libsql chooses its native addon with a computed require(), which the
 * bundler cannot follow; the plugin below makes it a static require of the addon for
 * the target platform, so the .node file is embedded and loads from inside the binary.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { BunPlugin } from "bun";

const repo = join(import.meta.dir, "..");
const target = process.env.OPENMAT_TARGET ?? `bun-linux-${process.arch === "arm64" ? "arm64" : "x64"}`;
const libsqlAddon = `@libsql/${target.includes("arm64") ? "linux-arm64" : "linux-x64"}-gnu`;

const staticLibsqlAddon: BunPlugin = {
  name: "static-libsql-addon",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]libsql[\\/]index\.js$/ }, async ({ path }) => {
      const source = await Bun.file(path).text();
      // biome-ignore lint/suspicious/noTemplateCurlyInString: this is libsql's source text
      const dynamic = "return require(`@libsql/${target}`);";
      if (!source.includes(dynamic)) throw new Error("libsql's loader changed; update build-binary.ts");
      return {
        contents: source.replace(dynamic, `return require(${JSON.stringify(libsqlAddon)});`),
        loader: "js",
      };
    });
  },
};

/** Embedded under their folder's name: .build/client/x.js is /$bunfs/root/client/x.js in the binary. */
const embeddedDirs = ["client", "geo", "basemap"].map((name) => join(repo, ".build", name));
const embeddedFiles = embeddedDirs.flatMap((dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(join(repo, ".build"), join(entry.parentPath, entry.name))),
);

/** src/server/build-info.ts: `openmat --version` names the commit and the build's time. */
function gitCommit(): string {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: repo, encoding: "utf8" });
  const head = git("rev-parse", "--short", "HEAD");
  if (head.status !== 0 || !head.stdout.trim()) return "unknown";
  // Uncommitted changes to tracked files: this binary is not exactly that commit.
  const dirty = git("diff", "--quiet", "HEAD").status === 1;
  return `${head.stdout.trim()}${dirty ? "-dirty" : ""}`;
}
// SOURCE_DATE_EPOCH (seconds) makes the date reproducible, as reproducible-builds.org asks.
const builtAt = new Date(
  process.env.SOURCE_DATE_EPOCH ? Number(process.env.SOURCE_DATE_EPOCH) * 1000 : Date.now(),
).toISOString();

const result = await Bun.build({
  entrypoints: [join(repo, "src/server/main.ts")],
  compile: {
    outfile: join(repo, "dist/openmat"),
    target,
    assets: embeddedDirs,
  },
  minify: true,
  // Precompiled bytecode: the binary starts without parsing megabytes of JavaScript.
  bytecode: true,
  sourcemap: "none",
  define: {
    "process.env.NODE_ENV": JSON.stringify(process.env.BUILD_NODE_ENV ?? "production"),
    // src/server/runtime.ts: the binary knows it is compiled, and which files it must carry.
    OPENMAT_COMPILED: "true",
    OPENMAT_EMBEDDED_FILES: JSON.stringify(embeddedFiles.sort()),
    OPENMAT_BUILD_COMMIT: JSON.stringify(gitCommit()),
    OPENMAT_BUILD_DATE: JSON.stringify(builtAt),
  },
  plugins: [staticLibsqlAddon],
} as Parameters<typeof Bun.build>[0]);
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
const size = Bun.file(join(repo, "dist/openmat")).size / 1024 / 1024;
console.log(`binary: dist/openmat (${size.toFixed(1)} MB, ${target})`);
