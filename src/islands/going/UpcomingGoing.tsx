import { useId } from "react";
import { formatTime } from "../../common/schedule/format";
import { goingTexts, slotOf } from "../../common/schemas/going";
import { shortDateLabel } from "../../common/schemas/schedule-exceptions";
import { useMounted } from "../home/use-mounted";
import { GoingControl } from "./GoingControl";
import { useSchoolOccurrences } from "./queries";

interface UpcomingGoingProps {
  schoolId: number;
  signedIn: boolean;
  /** How many of the next open mats to show. */
  max: number;
  /** The popup's one line, without a heading. */
  compact?: boolean;
}

/**
 * The next open mats of a school with 'I'm going' and how many are (issue 22), for the detail
 * dialog and the map's popup. Drawn only in the browser, after the page is interactive: which
 * open mats are still to come depends on the clock.
 */
export function UpcomingGoing({ schoolId, signedIn, max, compact = false }: UpcomingGoingProps) {
  const headingId = useId();
  const mounted = useMounted();
  const occurrences = useSchoolOccurrences(schoolId);
  if (!mounted || !occurrences.data) return null;
  const now = Date.now();
  const next = occurrences.data
    .filter((o) => o.status === "scheduled" && o.startsAt !== null && Date.parse(o.startsAt) > now)
    .slice(0, max);
  if (!next.length) return null;
  const rows = next.map((o) => {
    const slot = slotOf(o);
    if (!slot || o.start === null) return null;
    const label = `${shortDateLabel(o.date)}, ${formatTime(o.start)}`;
    return (
      <li key={`${slot.date}@${slot.startMinute}`} className="going-upcoming-item">
        <span className="going-when">{label}</span>
        <GoingControl
          schoolId={schoolId}
          slot={slot}
          initial={{ count: o.goingCount, viewerGoing: o.viewerGoing ?? null }}
          signedIn={signedIn}
          label={label}
        />
      </li>
    );
  });
  if (compact) return <ul className="going-upcoming going-upcoming-compact">{rows}</ul>;
  return (
    <section aria-labelledby={headingId} className="going-upcoming-section">
      <h3 id={headingId}>{goingTexts.nextUp}</h3>
      <ul className="going-upcoming">{rows}</ul>
    </section>
  );
}
