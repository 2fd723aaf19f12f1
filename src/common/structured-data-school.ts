import { formatSchedule } from "./schedule/format";
import { type Occurrence, sessionHappensOn, zonedIso } from "./schedule/occurrences";
import type { Session } from "./schedule/types";
import type { VisitorRules } from "./schemas/visitor-rules";
import { effectiveRules } from "./visitor-rules";

export interface SchoolLdInput {
  gym: string;
  slug: string;
  address: string;
  city: string;
  state: string;
  zipCode: string | null;
  latitude: number;
  longitude: number;
  timeZone: string;
  phone: string | null;
  website: string | null;
  dayAndTime: string;
  sessions: Session[];
  rating: number | null;
  reviewCount: number;
  visitorRules?: VisitorRules;
}

/** A review as JSON-LD states it (issue 22): only one whose author the page names. */
export interface ReviewLdInput {
  author: { username: string } | null;
  stars: number;
  review: string | null;
  createdAt: string;
}

/** "2026-03-03": the day in the gym's zone, as the page shows it. */
const localDay = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone });

/**
 * The page's reviews as schema.org `Review`s: author, rating, the day published (in the gym's
 * zone, as the page shows it) and the text.
 */
const reviewsLd = (reviews: readonly ReviewLdInput[], timeZone: string) =>
  reviews.flatMap((r) =>
    r.author
      ? [
          {
            "@type": "Review",
            author: { "@type": "Person", name: r.author.username },
            reviewRating: { "@type": "Rating", ratingValue: r.stars, bestRating: 5, worstRating: 1 },
            datePublished: localDay(r.createdAt, timeZone),
            ...(r.review ? { reviewBody: r.review } : {}),
          },
        ]
      : [],
  );

/**
 * The visitor rules schema.org has a property for (issue 21): `isAccessibleForFree` only
 * while the fee is known (free or paid; an unknown fee says nothing), and `publicAccess` for
 * visitors welcome or members only.
 */
function accessOf(rules: VisitorRules | undefined, withAccess: boolean) {
  const fee = rules?.matFee;
  const visitors = rules?.visitors;
  return {
    ...(fee === undefined ? {} : { isAccessibleForFree: fee === 0 }),
    ...(withAccess && visitors ? { publicAccess: visitors === "welcome" } : {}),
  };
}

const SCHEMA = "https://schema.org/";
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "19:00:00", a schema.org Time in the schedule's own zone. */
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00`;

/** Where an occurrence was scheduled: its own slot, or the one a move took it from. */
const slotOf = (o: Occurrence) => o.movedFrom ?? { date: o.date, start: o.start };

const owns = (session: Session, o: Occurrence) => {
  const slot = slotOf(o);
  return slot.start === session.start && sessionHappensOn(session, slot.date);
};

/**
 * A recurring session as a schema.org `Schedule`: weekly (P1W) or monthly by ordinal weekday
 * (P1M with `byMonthWeek`; "last" is -1, as in iCalendar's BYDAY, although schema.org's text
 * names only 1–5), its times in the gym's zone, a season's first and last dates, and the
 * upcoming dates it does not take place (cancelled or moved).
 */
function scheduleOf(session: Session, timeZone: string, except: string[]) {
  const monthly = !!session.ordinals?.length;
  return {
    "@type": "Schedule",
    repeatFrequency: monthly ? "P1M" : "P1W",
    byDay: `${SCHEMA}${DAYS[session.weekday]}`,
    ...(monthly ? { byMonthWeek: session.ordinals } : {}),
    startTime: timeOf(session.start),
    ...(session.end === null ? {} : { endTime: timeOf(session.end) }),
    scheduleTimezone: timeZone,
    ...(session.from ? { startDate: session.from } : {}),
    ...(session.until ? { endDate: session.until } : {}),
    ...(except.length ? { exceptDate: except } : {}),
  };
}

/**
 * The open mats as schema.org `Event`s, each with the name, `startDate` (with the gym's
 * offset) and `location` that Google's event documentation requires. Each recurring session
 * with an occurrence in `upcoming` is one Event with its `eventSchedule`, starting at that
 * occurrence (one with none there is described by the place's text alone). A dated session's
 * occurrence, and every upcoming occurrence that was cancelled or moved, is a dated Event of
 * its own: `EventCancelled`, or `EventRescheduled` with its `previousStartDate`, which is how
 * Google documents a change to one date.
 */
function openMatEvents(s: SchoolLdInput, pageUrl: string, address: object, upcoming: readonly Occurrence[]) {
  const named = (notes: readonly string[]) =>
    `Open mat at ${s.gym}${notes.length ? ` (${notes.join(", ")})` : ""}`;
  const common = {
    url: pageUrl,
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: { "@type": "Place", name: s.gym, address },
    organizer: { "@type": "Organization", name: s.gym, ...(s.website ? { url: s.website } : {}) },
  };
  const times = (o: Occurrence) => ({
    startDate: o.startsAt,
    ...(o.endsAt ? { endDate: o.endsAt } : {}),
  });
  const events: Record<string, unknown>[] = [];
  const recurring = s.sessions.filter((session) => session.date === undefined);
  for (const session of recurring) {
    const mine = upcoming.filter((o) => owns(session, o));
    const next = mine.find((o) => o.status === "scheduled" && !o.movedFrom);
    if (!next) continue;
    const except = mine
      .filter((o) => o.status === "cancelled" || o.movedFrom)
      .map((o) => zonedIso(slotOf(o).date, session.start, s.timeZone));
    events.push({
      "@type": "Event",
      name: named(session.notes),
      description: `Open mat ${formatSchedule({ sessions: [session] })}`,
      ...times(next),
      eventStatus: `${SCHEMA}EventScheduled`,
      eventSchedule: scheduleOf(session, s.timeZone, except),
      ...accessOf(effectiveRules(s.visitorRules, session.rules), false),
      ...common,
    });
  }
  for (const o of upcoming) {
    const from = o.movedFrom;
    const changed = o.status === "cancelled" || !!from;
    // A scheduled occurrence of a recurring session is already in its Event's schedule.
    const oneOff = !recurring.some((session) => owns(session, o));
    if (o.startsAt === null || !(changed || oneOff)) continue;
    events.push({
      "@type": "Event",
      name: named(o.notes),
      ...times(o),
      eventStatus: `${SCHEMA}${o.status === "cancelled" ? "EventCancelled" : from ? "EventRescheduled" : "EventScheduled"}`,
      ...(from && from.start !== null
        ? { previousStartDate: zonedIso(from.date, from.start, s.timeZone) }
        : {}),
      ...common,
    });
  }
  return events;
}

/**
 * schema.org SportsActivityLocation with its open mats as `event`s (see `openMatEvents`;
 * `upcoming` is the page's own list of dated occurrences from the gym's today on);
 * AggregateRating only when there are reviews (spec §1), and the page's reviews (`reviews`,
 * its first page) as `review` items, those whose author it does not name left out.
 */
export function schoolLd(
  publicUrl: string,
  s: SchoolLdInput,
  upcoming: readonly Occurrence[],
  reviews: readonly ReviewLdInput[] = [],
) {
  const schedule = s.sessions.length ? formatSchedule({ sessions: s.sessions }) : s.dayAndTime;
  const url = `${publicUrl}/schools/${s.slug}`;
  const address = {
    "@type": "PostalAddress",
    streetAddress: s.address,
    addressLocality: s.city,
    addressRegion: s.state,
    ...(s.zipCode ? { postalCode: s.zipCode } : {}),
    addressCountry: "US",
  };
  const events = openMatEvents(s, url, address, upcoming);
  const review = reviewsLd(reviews, s.timeZone);
  return {
    "@context": "https://schema.org",
    "@type": "SportsActivityLocation",
    name: s.gym,
    url,
    description: `Open Mat Schedule: ${schedule}`,
    address,
    geo: { "@type": "GeoCoordinates", latitude: s.latitude, longitude: s.longitude },
    ...accessOf(s.visitorRules, true),
    ...(s.phone ? { telephone: s.phone } : {}),
    ...(s.website ? { sameAs: s.website } : {}),
    ...(s.reviewCount > 0 && s.rating !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: s.rating.toFixed(1),
            reviewCount: s.reviewCount,
          },
        }
      : {}),
    ...(review.length ? { review } : {}),
    ...(events.length ? { event: events } : {}),
  };
}
