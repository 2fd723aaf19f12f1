import { encodePins, PINS_CONTENT_TYPE, PINS_FORMAT, type PinRow } from "../../../common/pins-codec";
import type { Db } from "../../../db/client";
import { acceptsGzip } from "../../http/compression";
import { pinRows, schoolsVersion } from "./queries";
import { ruleBitsBySchool } from "./rule-bits";
import { perSchoolsVersion } from "./version-cache";

const DAY_KEYS = ["su", "mo", "tu", "we", "th", "fr", "sa"] as const;

interface PinsBody {
  etag: string;
  raw: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  /** Header sets built once per version: a request only picks one. */
  headers: { raw: HeadersInit; gzip: HeadersInit; notModified: HeadersInit };
}

async function buildPins(db: Db): Promise<PinsBody> {
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
  const raw = encodePins(rows);
  // The format too: a browser's copy of an older format must not be answered "not modified".
  const etag = `"pins-${PINS_FORMAT}.${version}"`;
  const common = {
    etag,
    "cache-control": "public, max-age=0, must-revalidate",
    vary: "Accept-Encoding",
    "content-type": PINS_CONTENT_TYPE,
  };
  return {
    etag,
    raw,
    gzip: Bun.gzipSync(raw, { level: 9 }),
    headers: { raw: common, gzip: { ...common, "content-encoding": "gzip" }, notModified: common },
  };
}

/**
 * GET /api/schools/pins: every school in the compact binary form of common/pins-codec,
 * built and gzipped once per schools version, so a request costs the version check (see
 * version-cache) and a Response around bytes already made. The ETag is the version, which
 * every running copy agrees on.
 */
export function createPinsRoute(db: Db): (request: Request) => Promise<Response> {
  const current = perSchoolsVersion(db, () => buildPins(db));
  return async (request) => {
    const body = await current();
    if (request.headers.get("if-none-match") === body.etag)
      return new Response(null, { status: 304, headers: body.headers.notModified });
    return acceptsGzip(request)
      ? new Response(body.gzip, { headers: body.headers.gzip })
      : new Response(body.raw, { headers: body.headers.raw });
  };
}
