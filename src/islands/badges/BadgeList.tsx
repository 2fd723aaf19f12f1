import { formatIn, useReaderZone } from "../lib/zoned-time";
import { BadgeIcon } from "./icons/BadgeIcon";
import { type BadgeAward, type BadgeDefinition, describeAwards, type NextBadge } from "./queries/badges";

const earnedDate: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };

/** Spec §2 Profile 'Badges': name, description and earned date. */
export function EarnedBadges({
  awards,
  definitions,
  emptyText,
}: {
  awards: BadgeAward[];
  definitions: BadgeDefinition[] | undefined;
  emptyText: string;
}) {
  // The day it was earned, in the reader's zone once hydrated; UTC's day before (the server
  // knows no reader's zone, and the two renders must agree).
  const zone = useReaderZone();
  if (awards.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <ul className="badge-list">
      {describeAwards(awards, definitions).map((b) => (
        <li key={b.id} className="badge-item">
          <BadgeIcon code={b.badgeCode} />
          <div>
            <strong>{b.name}</strong>
            {b.description && <p className="badge-description">{b.description}</p>}
            <p className="muted">
              Earned <time dateTime={b.awardedAt}>{formatIn(b.awardedAt, earnedDate, zone)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Spec §2 'Next Closest Badges': up to 4, each with a progress bar and its percent. */
export function NextClosestBadges({ badges }: { badges: NextBadge[] }) {
  if (badges.length === 0) return <p className="muted">No badges in progress.</p>;
  return (
    <ul className="badge-list badge-progress-list">
      {badges.map((b) => (
        <li key={b.code} className="badge-item">
          <div className="badge-progress-text">
            <span className="badge-name">
              <BadgeIcon code={b.code} size={24} />
              <strong id={`next-badge-${b.code}`}>{b.name}</strong>
            </span>
            <span className="badge-percent">{`${b.percent}%`}</span>
            {b.description && <p className="badge-description">{b.description}</p>}
          </div>
          <progress
            className="badge-progress"
            max={100}
            value={b.percent}
            aria-labelledby={`next-badge-${b.code}`}
            aria-valuetext={`${b.current} of ${b.threshold}, ${b.percent}%`}
          />
        </li>
      ))}
    </ul>
  );
}
