import { encodePins, PINS_CONTENT_TYPE, PINS_FORMAT, type PinRow } from "../../../common/pins-codec";
import type { Db } from "../../../db/client";
import { acceptsGzip } from "../../http/compression";
import { pinRows, schoolsVersion } from "./queries";
import { ruleBitsBySchool } from "./rule-bits";
import { perSchoolsVersion } from "./version-cache";

const DAY_KEYS = ["su", "mo", "tu", "we", "th", "fr", "sa"] as const;

interface Body {
  etag: string;
  raw: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  /** Header sets built once per version: a request only picks one. */
  headers: { raw: HeadersInit; gzip: HeadersInit; notModified: HeadersInit };
}

/** A body kept as it is sent: raw, gzipped (level 9, once) and its headers. */
function keptBody(raw: Uint8Array<ArrayBuffer>, etag: string, contentType: string): Body {
  const common = {
    etag,
    "cache-control": "public, max-age=0, must-revalidate",
    vary: "Accept-Encoding",
    "content-type": contentType,
  };
  return {
    etag,
    raw,
    gzip: Bun.gzipSync(raw, { level: 9 }),
    headers: { raw: common, gzip: { ...common, "content-encoding": "gzip" }, notModified: common },
  };
}

interface PinsBodies {
  pins: Body;
  names: Body;
}

async function buildPins(db: Db): Promise<PinsBodies> {
  // Read before the rows, so the ETag is never newer than what it names.
  const version = await schoolsVersion(db);
  const [pins, rules] = await Promise.all([pinRows(db), ruleBitsBySchool(db)]);
  const rows: PinRow[] = pins.map((r) => ({
    id: r.id,
    lat: r.lat,
    lng: r.lng,
    name: r.name,
    days: DAY_KEYS.reduce((mask, key, bit) => (r[key] ? mask | (1 << bit) : mask), 0),
    rules: rules.get(r.id) ?? 0,
  }));
  const encoded = encodePins(rows);
  // The format too: a browser's copy of an older format must not be answered "not modified".
  // The names' ETag is their own key: unchanged names stay "not modified" across versions.
  return {
    pins: keptBody(encoded.pins, `"pins-${PINS_FORMAT}.${version}"`, PINS_CONTENT_TYPE),
    names: keptBody(
      new TextEncoder().encode(encoded.names),
      `"pin-names-${PINS_FORMAT}.${encoded.key}"`,
      "application/json; charset=utf-8",
    ),
  };
}

function answer(body: Body, request: Request): Response {
  if (request.headers.get("if-none-match") === body.etag)
    return new Response(null, { status: 304, headers: body.headers.notModified });
  return acceptsGzip(request)
    ? new Response(body.gzip, { headers: body.headers.gzip })
    : new Response(body.raw, { headers: body.headers.raw });
}

/**
 * GET /api/schools/pins and GET /api/schools/pins/names: every school in the compact binary
 * form of common/pins-codec, and their names, both built and gzipped once per schools
 * version, so a request costs the version check (see version-cache) and a Response around
 * bytes already made. The pins' ETag is the version, which every running copy agrees on;
 * the names' is their key, which the pins carry.
 */
export function createPinsRoute(db: Db): {
  pins: (request: Request) => Promise<Response>;
  names: (request: Request) => Promise<Response>;
} {
  const current = perSchoolsVersion(db, () => buildPins(db));
  return {
    pins: async (request) => answer((await current()).pins, request),
    names: async (request) => answer((await current()).names, request),
  };
}
