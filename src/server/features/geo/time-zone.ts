import tzLookup from "@photostructure/tz-lookup";

/**
 * The IANA time zone at a point, e.g. "America/Denver" for El Paso, from tz-lookup's
 * embedded grid (plain JS, so it works inside the compiled binary). The grid is coarse:
 * within a few kilometres of a zone border it can name the neighbour, so a school's zone
 * should stay editable.
 */
export function timeZoneAt(latitude: number, longitude: number): string {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) {
    throw new RangeError(`not a coordinate: ${latitude}, ${longitude}`);
  }
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw new RangeError(`coordinate out of range: ${latitude}, ${longitude}`);
  }
  return tzLookup(latitude, longitude);
}
