/**
 * The installable app's icons (issue 22), rendered from the logo in public/favicon.svg with
 * resvg: 192 and 512 as drawn (rounded), a maskable 512 (full bleed, the mark inside the
 * middle 80% that every mask keeps) and a 180 apple-touch-icon. Names carry a content hash,
 * as every other client file, so they can be cached for good. scripts/build-client.ts calls
 * it while it builds .build/client (`npm run build:assets`); run alone, it writes into the
 * folder given (default .build/icons) to look at them.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { THEME_COLOR } from "../src/common/theme";

const repo = join(import.meta.dir, "..");

export interface AppIcon {
  /** File name in the output folder. */
  file: string;
  sizes: string;
  purpose: "any" | "maskable";
}

export interface AppIcons {
  icons: AppIcon[];
  appleTouchIcon: string;
}

const png = (svg: string, size: number) =>
  new Resvg(svg, { fitTo: { mode: "width", value: size }, background: "rgba(0,0,0,0)" }).render().asPng();

/** The logo's mark (its paths), without the rounded tile it sits on. */
function markOf(logo: string): string {
  const paths = logo.match(/<path\b[^>]*\/>/g);
  if (!paths?.length) throw new Error("public/favicon.svg has no <path/> for the mark");
  return paths.join("");
}

/** The mark on a square tile, scaled about the middle (0.8 keeps it in the maskable safe zone). */
const fullBleed = (mark: string, scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME_COLOR}"/><g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${mark}</g></svg>`;

export async function buildIcons(outDir: string): Promise<AppIcons> {
  const logo = await Bun.file(join(repo, "public/favicon.svg")).text();
  const mark = markOf(logo);
  mkdirSync(outDir, { recursive: true });
  const write = async (name: string, bytes: Uint8Array) => {
    const file = `${name}-${Bun.hash(bytes).toString(16).slice(0, 8)}.png`;
    await Bun.write(join(outDir, file), bytes);
    return file;
  };
  const icons: AppIcon[] = [
    { file: await write("icon-192", png(logo, 192)), sizes: "192x192", purpose: "any" },
    { file: await write("icon-512", png(logo, 512)), sizes: "512x512", purpose: "any" },
    {
      file: await write("icon-maskable-512", png(fullBleed(mark, 0.8), 512)),
      sizes: "512x512",
      purpose: "maskable",
    },
  ];
  const appleTouchIcon = await write("apple-touch-icon", png(fullBleed(mark, 0.9), 180));
  return { icons, appleTouchIcon };
}

if (import.meta.main) {
  const out = process.argv[2] ?? join(repo, ".build/icons");
  const built = await buildIcons(out);
  console.log(`icons: ${[...built.icons.map((i) => i.file), built.appleTouchIcon].join(", ")} in ${out}`);
}
