import { Elysia } from "elysia";
import type { Db } from "../../../db/client";
import { acceptsGzip } from "../../http/compression";
import { jsonResponse, messages } from "../../http/errors";
import { DRAWN_PATH, drawnImage } from "./service";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";
const WHOLE = /^\d{1,7}$/;
const FILE = /^(\d{1,7})\.svg$/;

export interface DrawnMapRoutesOptions {
  db: Db;
  /** The basemap build; tests point it elsewhere. */
  root?: string;
}

/**
 * GET /basemap/drawn/{zoom}/{gx}/{gy}.svg?v={archive}&s={schools}: the basemap of a home
 * map view drawn as SVG (see service.ts). Kept for good when the URL names the archive and
 * the schools it was drawn with; revalidated by ETag otherwise.
 */
export function drawnMapRoutes(options: DrawnMapRoutesOptions) {
  return new Elysia({ name: "drawn-map" }).get(`${DRAWN_PATH}/:z/:x/:file`, async ({ params, request }) => {
    const y = FILE.exec(params.file)?.[1];
    if (!WHOLE.test(params.z) || !WHOLE.test(params.x) || y === undefined) {
      return jsonResponse(404, { message: messages.notFound });
    }
    const view = { zoom: Number(params.z), gx: Number(params.x), gy: Number(y) };
    const image = await drawnImage(options, view);
    if (!image) return jsonResponse(404, { message: messages.notFound });
    const search = new URL(request.url).searchParams;
    const named =
      image.archiveVersion !== null &&
      search.get("v") === image.archiveVersion &&
      search.get("s") === image.schoolsVersion;
    const etag = `"drawn-${image.archiveVersion ?? "land"}.${image.schoolsVersion}.${view.zoom}.${view.gx}.${view.gy}"`;
    const headers: Record<string, string> = {
      "content-type": "image/svg+xml",
      "cache-control": named ? IMMUTABLE : REVALIDATE,
      etag,
      vary: "Accept-Encoding",
    };
    if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
    if (!acceptsGzip(request)) return new Response(image.svg, { headers });
    return new Response(image.gzip, { headers: { ...headers, "content-encoding": "gzip" } });
  });
}
