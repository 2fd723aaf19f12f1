import { freshestSource } from "../../../common/freshness";
import type { ScheduleException } from "../../../common/schedule/occurrences";
import { type CommunityNote, httpUrlOrNull, type SchoolView } from "../../../common/schemas/school";
import type { VisitorRules } from "../../../common/schemas/visitor-rules";
import type { SchoolRow, SessionRow } from "./queries";
import { toSession, untimedOf } from "./session-rows";

export type { SchoolView };

export function toSchoolView(
  row: SchoolRow,
  sessions: SessionRow[],
  distanceMiles?: number,
  exceptions: readonly ScheduleException[] = [],
): SchoolView {
  // A confirmed reading needs no "check with the gym" mark until the gym's text changes.
  const unconfirmed = row.scheduleConfirmedText !== row.dayAndTime;
  const untimed = untimedOf(row.scheduleUntimed, unconfirmed);
  const confirmedAt = latestConfirmation(sessions);
  return {
    id: row.id,
    slug: row.slug,
    gym: row.gym,
    location: row.location,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.timeZone,
    phone: row.phone,
    // Only http(s) links reach a page's href, whatever an older import stored.
    website: httpUrlOrNull(row.website),
    dayAndTime: row.dayAndTime,
    communityNotes: row.communityNotes,
    ...(!row.feedbackNotes || row.feedbackNotes === "[]"
      ? {}
      : { feedbackNotes: JSON.parse(row.feedbackNotes) as CommunityNote[] }),
    rating: row.rating,
    reviewCount: row.reviewCount,
    monday: row.monday,
    tuesday: row.tuesday,
    wednesday: row.wednesday,
    thursday: row.thursday,
    friday: row.friday,
    saturday: row.saturday,
    sunday: row.sunday,
    noOpenMat: row.noOpenMat,
    scheduleUnparsed: JSON.parse(row.scheduleUnparsed) as string[],
    sessions: sessions.map((session) => toSession(session, unconfirmed)),
    ...(untimed.length > 0 ? { untimed } : {}),
    ...(exceptions.length ? { exceptions: [...exceptions] } : {}),
    ...(row.visitorRules && row.visitorRules !== "{}"
      ? { visitorRules: JSON.parse(row.visitorRules) as VisitorRules }
      : {}),
    isDemo: row.isDemo,
    lastVerifiedAt: row.lastVerifiedAt?.toISOString() ?? null,
    /** The last verified check-in inside one of its listed sessions (listing freshness). */
    confirmedAt,
    provenance: freshestSource({ kind: row.scheduleSource, at: row.scheduleSourceAt }, confirmedAt),
    ...(distanceMiles === undefined ? {} : { distance: Math.round(distanceMiles * 10) / 10 }),
  };
}

function latestConfirmation(sessions: readonly SessionRow[]): string | null {
  let latest = 0;
  for (const s of sessions) latest = Math.max(latest, s.lastConfirmedAt?.getTime() ?? 0);
  return latest ? new Date(latest).toISOString() : null;
}
