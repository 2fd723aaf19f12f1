import type { SchoolLike, SchoolSummary } from "../../common/home";
import { decodePins } from "../../common/pins-codec";
import type { CommunityNote } from "../../common/schemas/school";
import { visitorRuleBits } from "../../common/visitor-rules";

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
  /** Visitor-rule filter bits (common/visitor-rules), as the pins carry them. */
  rules: number;
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
    rules: visitorRuleBits(s.visitorRules, s.sessions),
    summary: s,
    ...(s.distance === undefined ? {} : { distance: s.distance }),
  };
}

/**
 * Rows for the map and the list from the pins body and its names body (see
 * common/pins-codec), every row named. Throws PinsMismatch when the two were made from
 * different versions of the schools (a change between the two fetches).
 */
export function rowsFromPins(body: Uint8Array, names: string): HomeRow[] {
  return decodePins(body, names).map((pin) => ({ ...pin, rules: pin.rules ?? 0, summary: null }));
}
