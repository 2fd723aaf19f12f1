import { formatSchedule } from "./schedule/format";
import type { Session } from "./schedule/types";

export interface SchoolLdInput {
  gym: string;
  slug: string;
  address: string;
  city: string;
  state: string;
  zipCode: string | null;
  latitude: number;
  longitude: number;
  phone: string | null;
  website: string | null;
  dayAndTime: string;
  sessions: Session[];
  rating: number | null;
  reviewCount: number;
}

/** schema.org SportsActivityLocation; AggregateRating only when there are reviews (spec §1). */
export function schoolLd(publicUrl: string, s: SchoolLdInput) {
  const schedule = s.sessions.length ? formatSchedule({ sessions: s.sessions }) : s.dayAndTime;
  return {
    "@context": "https://schema.org",
    "@type": "SportsActivityLocation",
    name: s.gym,
    url: `${publicUrl}/schools/${s.slug}`,
    description: `Open Mat Schedule: ${schedule}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: s.address,
      addressLocality: s.city,
      addressRegion: s.state,
      ...(s.zipCode ? { postalCode: s.zipCode } : {}),
      addressCountry: "US",
    },
    geo: { "@type": "GeoCoordinates", latitude: s.latitude, longitude: s.longitude },
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
  };
}
