import type { SchoolLike, SchoolSummary } from "../../common/home";
import type { CommunityNote } from "../../common/schemas/school";

/** A school as the schools API returns it; only the fields the home screen reads. */
export interface ApiSchool extends SchoolLike {
  website: string | null;
  communityNotes: string | null;
  /** Published notes of applied feedback (the detail dialog's 'Community notes'). */
  feedbackNotes?: CommunityNote[];
  noOpenMat?: boolean;
}

/**
 * One school on the map and in the list. Pins carry only id, position, name and days, so
 * `summary` is null for rows built from pins; the rest is fetched when the row is opened.
 */
export interface HomeRow {
  id: number;
  lat: number;
  lng: number;
  name: string;
  days: number;
  summary: SchoolSummary | null;
  /** Miles from the searched place or the visitor, when known. */
  distance?: number;
}

export function rowFromSummary(s: SchoolSummary): HomeRow {
  return {
    id: s.id,
    lat: s.latitude,
    lng: s.longitude,
    name: s.gym,
    days: s.days,
    summary: s,
    ...(s.distance === undefined ? {} : { distance: s.distance }),
  };
}

export interface PinsBody {
  fields: string[];
  schools: unknown[][];
}

/** Reads pins by their field names, so the server may reorder or add columns. */
export function rowsFromPins(body: PinsBody): HomeRow[] {
  const at = (name: string) => body.fields.indexOf(name);
  const [id, lat, lng, name, days] = ["id", "lat", "lng", "name", "days"].map(at) as number[];
  return body.schools.map((pin) => ({
    id: Number(pin[id ?? 0]),
    lat: Number(pin[lat ?? 1]),
    lng: Number(pin[lng ?? 2]),
    name: String(pin[name ?? 3]),
    days: Number(pin[days ?? 4]),
    summary: null,
  }));
}
