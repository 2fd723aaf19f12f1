import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildOutputRoot, missingBuildFile } from "../../runtime";

/** Bumped when the layout of the basemap build changes, so a stale build is refused. */
export const BASEMAP_FORMAT_VERSION = 1;
export const ARCHIVE_FILE = "us.pmtiles";
export const MANIFEST_FILE = "manifest.json";
export const FONTS_DIR = "fonts";

/** What scripts/build-basemap.ts wrote, read by the routes at start-up. */
export interface BasemapManifest {
  format: number;
  /** Digest of everything the build read, so an unchanged build is skipped. */
  inputs: string;
  archive: { file: string; bytes: number; sha256: string };
  glyphs: {
    /** Of all glyph files together: their ETag, as MapLibre's glyph URLs carry no version. */
    sha256: string;
    /** Range files per fontstack, e.g. {"Noto Sans Regular": ["0-255", …]}; each has a .gz twin. */
    ranges: Record<string, string[]>;
  };
}

/** The basemap build: embedded in the binary, or .build/basemap from source. */
export const basemapDataRoot = () => buildOutputRoot("basemap");

const loaded = new Map<string, BasemapManifest>();

/** The manifest of the basemap build, read once per process and root. */
export function loadBasemapManifest(root = basemapDataRoot()): BasemapManifest {
  const cached = loaded.get(root);
  if (cached) return cached;
  const file = join(root, MANIFEST_FILE);
  if (!existsSync(file)) throw missingBuildFile(file, "npm run build:basemap");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as BasemapManifest;
  if (manifest.format !== BASEMAP_FORMAT_VERSION) {
    throw new Error(
      `${file} has format ${manifest.format}, expected ${BASEMAP_FORMAT_VERSION}: rebuild the basemap`,
    );
  }
  loaded.set(root, manifest);
  return manifest;
}
