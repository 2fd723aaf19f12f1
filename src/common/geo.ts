/** Spec §5 "Proximity check": great-circle distance on a 6,371,000 m sphere. */
export const EARTH_RADIUS_M = 6_371_000;
export const METERS_PER_MILE = 1609.344;
export const METERS_PER_FOOT = 0.3048;

/** Centre of the continental US (spec §9 "Map start"). */
export const US_CENTER = { latitude: 39.8283, longitude: -98.5795 } as const;

const rad = (deg: number) => (deg * Math.PI) / 180;

export function distanceMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export const distanceMiles = (lat1: number, lng1: number, lat2: number, lng2: number) =>
  distanceMeters(lat1, lng1, lat2, lng2) / METERS_PER_MILE;

const FEET_UNTIL_MILES = 0.1;

/**
 * A distance a person reads (issue 23): under a tenth of a mile in feet, rounded up to 10 ft
 * (so a distance just over a limit never reads as the limit), else miles to one decimal.
 */
export function formatDistance(meters: number): string {
  const miles = meters / METERS_PER_MILE;
  if (miles < FEET_UNTIL_MILES) return `${Math.ceil(meters / METERS_PER_FOOT / 10) * 10} feet`;
  const tenths = Math.round(miles * 10) / 10;
  const text = tenths.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${text} ${tenths === 1 ? "mile" : "miles"}`;
}

/** A box that contains every point within `miles` of the centre (wider near the poles). */
export function boundingBox(latitude: number, longitude: number, miles: number) {
  const dLat = miles / 69.0;
  const cos = Math.max(0.01, Math.cos(rad(latitude)));
  const dLng = Math.min(180, miles / (69.17 * cos));
  return {
    minLat: latitude - dLat,
    maxLat: latitude + dLat,
    minLng: longitude - dLng,
    maxLng: longitude + dLng,
  };
}

export function isValidCoordinate(latitude: number, longitude: number): boolean {
  return (
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}
