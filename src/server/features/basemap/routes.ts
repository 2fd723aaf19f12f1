import { statSync } from "node:fs";
import { join } from "node:path";
import { Elysia } from "elysia";
import { buildMapStyle, detectFlavor, type MapFlavor } from "../../../common/map-style/style";
import { acceptsGzip } from "../../http/compression";
import { jsonResponse, messages } from "../../http/errors";
import { answerRange } from "./byte-range";
import { openArchive } from "./extract/source";
import { type BasemapManifest, basemapDataRoot, FONTS_DIR, loadBasemapManifest } from "./files";

const BASEMAP_PATH = "/basemap";
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Unversioned URLs (the bare archive URL, glyphs, the style) are kept a day, then revalidated by ETag. */
const REVALIDATE = "public, max-age=86400";
const GLYPH_RANGE = /^(\d+)-(\d+)\.pbf$/;

export interface BasemapRoutesOptions {
  /** Where the build lives; tests point it elsewhere. */
  root?: string;
  /** BASEMAP_FILE: an operator's own archive (say, a regional extract with streets), served instead. */
  file?: string;
  /** The site's public origin, for the absolute URLs in style.json; the request's origin otherwise. */
  publicUrl?: string;
}

/** The archive's URL with its content hash, so browsers may cache it for good. Pass it to the map. */
export function basemapArchiveUrl(manifest: BasemapManifest = loadBasemapManifest()): string {
  return `${BASEMAP_PATH}/${manifest.archive.file}?v=${manifest.archive.sha256.slice(0, 16)}`;
}

const OWN_ARCHIVE = "region.pmtiles";

interface ServedArchive {
  path: string;
  size: number;
  etag: string;
  url: string;
}

/** BASEMAP_FILE as served: versioned by its size and modification time, which change with its contents. */
function ownArchive(path: string): ServedArchive {
  const { size, mtimeMs } = statSync(path);
  const version = Bun.hash(`${size}:${mtimeMs}`).toString(16).padStart(16, "0").slice(0, 16);
  return { path, size, etag: `"${version}"`, url: `${BASEMAP_PATH}/${OWN_ARCHIVE}?v=${version}` };
}

/** The URL the map reads: BASEMAP_URL, else BASEMAP_FILE as served here, else the built-in archive. */
export function basemapUrlFor(env: { BASEMAP_URL: string; BASEMAP_FILE: string }): string {
  if (env.BASEMAP_URL) return env.BASEMAP_URL;
  return env.BASEMAP_FILE ? ownArchive(env.BASEMAP_FILE).url : basemapArchiveUrl();
}

const decodeOrNull = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
};

const notModified = (request: Request, etag: string) => request.headers.get("if-none-match") === etag;

/**
 * The self-hosted basemap: the PMTiles archive with HTTP Range requests, the SDF glyphs
 * MapLibre needs for labels, and a style for the archive.
 */
export function basemapRoutes(options: BasemapRoutesOptions = {}) {
  const root = options.root ?? basemapDataRoot();
  const manifest = loadBasemapManifest(root);
  const builtIn: ServedArchive = {
    path: join(root, manifest.archive.file),
    size: manifest.archive.bytes,
    etag: `"${manifest.archive.sha256.slice(0, 32)}"`,
    url: basemapArchiveUrl(manifest),
  };
  const served = options.file ? ownArchive(options.file) : builtIn;
  const archive = Bun.file(served.path);
  const archiveEtag = served.etag;
  const archiveUrl = served.url;
  const archivePath = archiveUrl.split("?")[0] as string;
  const version = archiveUrl.split("?v=")[1];
  const glyphsEtag = `"${manifest.glyphs.sha256.slice(0, 32)}"`;

  // An operator's archive may be a Protomaps build (streets, roads): its layers say which style fits.
  let flavorOfFile: Promise<MapFlavor> | undefined;
  const flavor = (): Promise<MapFlavor> => {
    if (!options.file) return Promise.resolve("openmat");
    flavorOfFile ??= openArchive(options.file)
      .then((file) => {
        const layers = (file.metadata as { vector_layers?: { id: string }[] }).vector_layers ?? [];
        return detectFlavor(layers.map((layer) => layer.id));
      })
      .catch(() => "openmat" as const);
    return flavorOfFile;
  };

  const serveArchive = ({ request }: { request: Request }) => {
    const size = served.size;
    const headers: Record<string, string> = {
      "content-type": "application/vnd.pmtiles",
      "accept-ranges": "bytes",
      etag: archiveEtag,
      "cache-control": new URL(request.url).searchParams.get("v") === version ? IMMUTABLE : REVALIDATE,
    };
    const ifRange = request.headers.get("if-range");
    const rangeHeader = ifRange === null || ifRange === archiveEtag ? request.headers.get("range") : null;
    const answer = answerRange(rangeHeader, size);
    const body = (start: number, end: number) =>
      request.method === "HEAD" ? null : archive.slice(start, end + 1);
    if (answer.kind === "unsatisfiable") {
      return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
    }
    if (answer.kind === "full") {
      if (notModified(request, archiveEtag)) return new Response(null, { status: 304, headers });
      return new Response(body(0, size - 1), { headers: { ...headers, "content-length": String(size) } });
    }
    const { start, end } = answer.range;
    return new Response(body(start, end), {
      status: 206,
      headers: {
        ...headers,
        "content-range": `bytes ${start}-${end}/${size}`,
        "content-length": String(end - start + 1),
      },
    });
  };

  const serveGlyphs = ({ params, request }: { params: { "*": string }; request: Request }) => {
    const [stackPart = "", rangePart = ""] = params["*"].split("/");
    // MapLibre asks for "A,B" when a layer lists fallback fonts; the first one we have serves.
    const fontstack = decodeOrNull(stackPart)
      ?.split(",")
      .find((name) => Object.hasOwn(manifest.glyphs.ranges, name));
    const range = GLYPH_RANGE.exec(rangePart);
    if (!fontstack || !range) return jsonResponse(404, { message: messages.notFound });
    const headers: Record<string, string> = {
      "content-type": "application/x-protobuf",
      "cache-control": REVALIDATE,
      etag: glyphsEtag,
      vary: "Accept-Encoding",
    };
    if (notModified(request, glyphsEtag)) return new Response(null, { status: 304, headers });
    const name = `${range[1]}-${range[2]}`;
    if (!manifest.glyphs.ranges[fontstack]?.includes(name)) {
      // A range the font does not cover (say, CJK names in a Protomaps extract): an empty
      // glyph set, so MapLibre leaves those characters out instead of failing the tile.
      return new Response(new Uint8Array(), { headers });
    }
    const file = join(root, FONTS_DIR, fontstack, `${name}.pbf`);
    if (!acceptsGzip(request)) return new Response(Bun.file(file), { headers });
    return new Response(Bun.file(`${file}.gz`), { headers: { ...headers, "content-encoding": "gzip" } });
  };

  return new Elysia({ name: "basemap" })
    .get(archivePath, serveArchive)
    .head(archivePath, serveArchive)
    .get(`${BASEMAP_PATH}/${FONTS_DIR}/*`, serveGlyphs)
    .get(`${BASEMAP_PATH}/style.json`, async ({ request }) => {
      const origin = new URL(options.publicUrl ?? request.url).origin;
      const style = buildMapStyle({
        basemapUrl: `${origin}${archiveUrl}`,
        glyphsUrl: `${origin}${BASEMAP_PATH}/${FONTS_DIR}/{fontstack}/{range}.pbf`,
        flavor: await flavor(),
      });
      return new Response(JSON.stringify(style), {
        headers: { "content-type": "application/json", "cache-control": REVALIDATE },
      });
    });
}
