import { boundingBox, distanceMiles } from "../../../common/geo";
import type { DuplicateCandidate } from "../../../common/schemas/submission";
import type { Db } from "../../../db/client";
import { nearestSchools, type SchoolRow, schoolsInCity } from "./queries";

export type { DuplicateCandidate };

const DUPLICATE_KM = 1;
const words = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter(
      (w) =>
        w.length > 2 &&
        !["jiu", "jitsu", "bjj", "brazilian", "academy", "the", "and", "gym", "mma"].includes(w),
    );

/** Whether two gym names look like one: one's distinctive words all appear in the other's. */
export function similarNames(a: string, b: string): boolean {
  const x = new Set(words(a));
  const y = new Set(words(b));
  if (!x.size || !y.size) return a.trim().toLowerCase() === b.trim().toLowerCase();
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  return [...small].every((w) => large.has(w));
}

/** Existing schools a submission may repeat: within 1 km, or with a similar name in the same city. */
export async function duplicateCandidates(
  db: Db,
  place: { latitude: number; longitude: number; gym: string; city: string; state: string },
): Promise<DuplicateCandidate[]> {
  const miles = DUPLICATE_KM / 1.609344;
  const near = await nearestSchools(db, place, 20, boundingBox(place.latitude, place.longitude, miles));
  const sameCity = await schoolsInCity(db, place.city, place.state);
  const found = new Map<number, DuplicateCandidate>();
  const add = (row: SchoolRow, reason: "nearby" | "similarName") => {
    const km = distanceMiles(place.latitude, place.longitude, row.latitude, row.longitude) * 1.609344;
    const entry = found.get(row.id) ?? {
      id: row.id,
      slug: row.slug,
      gym: row.gym,
      address: row.address,
      city: row.city,
      state: row.state,
      latitude: row.latitude,
      longitude: row.longitude,
      distanceKm: Math.round(km * 10) / 10,
      reasons: [],
    };
    if (!entry.reasons.includes(reason)) entry.reasons.push(reason);
    found.set(row.id, entry);
  };
  for (const row of near) {
    if (distanceMiles(place.latitude, place.longitude, row.latitude, row.longitude) <= miles)
      add(row, "nearby");
  }
  for (const row of sameCity) if (similarNames(row.gym, place.gym)) add(row, "similarName");
  return [...found.values()].sort((a, b) => a.distanceKm - b.distanceKm);
}
