import type { Db } from "../../../db/client";
import { pinRows, schoolsVersion } from "./queries";

export interface PinsBody {
  etag: string;
  json: string;
  gzip: Uint8Array<ArrayBuffer>;
}

const DAY_KEYS = ["su", "mo", "tu", "we", "th", "fr", "sa"] as const;

/**
 * Every school as `[id, lat, lng, name, days]`, where `days` is a bit mask with bit 0 for
 * Sunday. Built once per data version and kept gzipped, so serving pins costs one cheap
 * version query. The version comes from the data, so every running copy agrees on it.
 */
export function createPinsCache(db: Db) {
  let cached: PinsBody | undefined;
  return async function pins(): Promise<PinsBody> {
    const version = await schoolsVersion(db);
    const etag = `"pins-${version}"`;
    if (cached?.etag === etag) return cached;
    const rows = await pinRows(db);
    const schools = rows.map((r) => [
      r.id,
      Math.round(r.lat * 1e5) / 1e5,
      Math.round(r.lng * 1e5) / 1e5,
      r.name,
      DAY_KEYS.reduce((mask, key, bit) => (r[key] ? mask | (1 << bit) : mask), 0),
    ]);
    const json = JSON.stringify({ fields: ["id", "lat", "lng", "name", "days"], schools });
    cached = { etag, json, gzip: Bun.gzipSync(json, { level: 9 }) };
    return cached;
  };
}
