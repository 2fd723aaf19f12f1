/** The built-in basemap archive, read from its file through the pmtiles library, as a browser reads it over HTTP. */
import { join } from "node:path";
import { VectorTile } from "@mapbox/vector-tile";
import { PbfReader } from "pbf";
import { PMTiles } from "pmtiles";
import { basemapDataRoot, FONTS_DIR, LocalFileSource, loadBasemapManifest } from "../basemap/service";

export interface BasemapArchive {
  /** The archive's own path on this server (basemap/routes.ts), without its version. */
  path: string;
  /** The build's version, as the archive's own URL carries it (`?v=`). */
  version: string;
  minZoom: number;
  maxZoom: number;
  /** Where the glyph files are, for the labels' widths. */
  fontsDir: string;
  /** The tile, decoded; undefined where the archive has none. */
  tile(z: number, x: number, y: number): Promise<VectorTile | undefined>;
}

const opened = new Map<string, Promise<BasemapArchive>>();

async function open(root: string): Promise<BasemapArchive> {
  const manifest = loadBasemapManifest(root);
  const archive = new PMTiles(new LocalFileSource(join(root, manifest.archive.file)));
  const header = await archive.getHeader();
  return {
    path: `/basemap/${manifest.archive.file}`,
    version: manifest.archive.sha256.slice(0, 16),
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    fontsDir: join(root, FONTS_DIR),
    async tile(z, x, y) {
      const found = await archive.getZxy(z, x, y);
      return found ? new VectorTile(new PbfReader(new Uint8Array(found.data))) : undefined;
    },
  };
}

/** The archive of a basemap build, opened once per process; a failed open is tried again next time. */
export function openArchive(root = basemapDataRoot()): Promise<BasemapArchive> {
  let archive = opened.get(root);
  if (!archive) {
    archive = open(root);
    opened.set(root, archive);
    archive.catch(() => opened.delete(root));
  }
  return archive;
}
