/**
 * Builds the browser side into .build/client: content-hashed JS (one chunk per island,
 * split by the registry's dynamic imports), CSS, the public/ files, gzip twins and
 * manifest.json, which the server reads to write <script> and <link> tags.
 */
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import type { AssetManifest } from "../src/server/render/assets";
import { buildIcons } from "./build-icons";
import { buildServiceWorker } from "./build-sw";

const repo = join(import.meta.dir, "..");
const out = join(repo, ".build/client");
const islandsDir = join(repo, "src/islands");
const production = process.env.NODE_ENV !== "development";

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const islandFiles = readdirSync(islandsDir).filter((f) => /^[A-Z]\w*\.tsx$/.test(f) && !f.includes(".test."));
const result = await Bun.build({
  entrypoints: [
    join(repo, "src/client/hydrate.tsx"),
    join(repo, "src/client/nav.ts"),
    join(repo, "src/client/auth-modal.tsx"),
    join(repo, "src/client/styles.css"),
    ...islandFiles.map((f) => join(islandsDir, f)),
  ],
  outdir: out,
  target: "browser",
  format: "esm",
  splitting: true,
  minify: production,
  sourcemap: "none",
  naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
  define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
  metafile: true,
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}

cpSync(join(repo, "public"), out, { recursive: true });
const appIcons = await buildIcons(out);

const types: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  // MapLibre's worker, a module worker started from its own URL.
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
  pmtiles: "application/vnd.pmtiles",
};
const files: AssetManifest["files"] = {};
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)],
  );
for (const file of walk(out)) {
  const name = relative(out, file);
  const ext = name.split(".").pop() ?? "";
  const compressible = ["js", "mjs", "css", "svg", "json", "txt"].includes(ext);
  if (compressible) await Bun.write(`${file}.gz`, Bun.gzipSync(await Bun.file(file).bytes(), { level: 9 }));
  files[name] = { type: types[ext] ?? "application/octet-stream", gzip: compressible };
}

const entryNamed = (prefix: string, ext: string) => {
  const hit = result.outputs.find(
    (o) =>
      (o.kind === "entry-point" || o.kind === "asset") &&
      basename(o.path).startsWith(`${prefix}-`) &&
      o.path.endsWith(`.${ext}`),
  );
  if (!hit) throw new Error(`no output for ${prefix}.${ext}`);
  return basename(hit.path);
};
/**
 * Modules an island imports dynamically but wants soon: the page prefetches the chunk
 * that holds them (and its own static imports), so it is in the cache when the island
 * imports it. The home map is the one: see MapArea.
 */
const EAGER_IMPORTS = ["src/client/map/SchoolMap.tsx"];
// Every output is flat in `out`, so a file name names an output.
const outputs = new Map(
  Object.entries(result.metafile?.outputs ?? {}).map(([path, o]) => [basename(path), o]),
);
const chunkOf = (module: string) =>
  [...outputs.keys()].find((file) => Object.keys(outputs.get(file)?.inputs ?? {}).includes(module));
const staticClosure = (file: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dep of outputs.get(file)?.imports ?? [])
    if (dep.kind === "import-statement") staticClosure(basename(dep.path), seen);
  return seen;
};
const preload = (island: string): string[] => {
  const entry = entryNamed(island, "js");
  const dynamic = new Set((outputs.get(entry)?.imports ?? []).map((dep) => basename(dep.path)));
  // What the island loads anyway is left to it, at the priority its own imports get.
  const own = staticClosure(entry);
  const files = EAGER_IMPORTS.map(chunkOf)
    .filter((file): file is string => file !== undefined && dynamic.has(file))
    .flatMap((file) => [...staticClosure(file)])
    .filter((file) => !own.has(file));
  return [...new Set(files)];
};
const manifest: AssetManifest = {
  css: entryNamed("styles", "css"),
  nav: entryNamed("nav", "js"),
  hydrate: entryNamed("hydrate", "js"),
  authModal: entryNamed("auth-modal", "js"),
  islands: Object.fromEntries(
    islandFiles.map((f) => [f.replace(/\.tsx$/, ""), entryNamed(f.replace(/\.tsx$/, ""), "js")]),
  ),
  preload: Object.fromEntries(
    islandFiles
      .map((f) => f.replace(/\.tsx$/, ""))
      .map((name) => [name, preload(name)] as const)
      .filter(([, files]) => files.length > 0),
  ),
  files,
};
// After every other file: the worker's list of what to keep offline names them.
manifest.app = { ...appIcons, serviceWorker: await buildServiceWorker(out, manifest, staticClosure) };
await Bun.write(join(out, "manifest.json"), JSON.stringify(manifest, null, 2));
console.log(`client: ${Object.keys(files).length} files in ${relative(repo, out)}`);
