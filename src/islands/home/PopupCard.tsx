import { homeTexts } from "../../common/home-texts";
import { formatSchedule } from "../../common/schedule/format";
import { CheckInButton } from "../checkins/CheckInButton";
import { UpcomingGoing } from "../going/UpcomingGoing";
import { daysText } from "./day-labels";
import { FavoriteButton } from "./FavoriteButton";
import { useSchool } from "./queries/school";
import { CheckWithGym, OpenMatStatusLine, reviewReasons } from "./SchoolSchedule";
import type { HomeRow } from "./school-api";
import { VisitorRulesList } from "./VisitorRules";

interface PopupCardProps {
  row: HomeRow;
  signedIn: boolean;
  onFeedback(id: number): void;
  onDetails(id: number): void;
}

/** The 320 px card a pin opens (spec §2), rendered into the map's popup element. */
export function PopupCard({ row, signedIn, onFeedback, onDetails }: PopupCardProps) {
  // Spec §7: "GET /api/schools/{id}: gym details on marker click".
  const details = useSchool(row.id).data;
  const schedule = details ? formatSchedule(details) || details.dayAndTime : daysText(row.days);
  return (
    <article className="popup-card" aria-labelledby={`popup-${row.id}-title`}>
      <h2 id={`popup-${row.id}-title`} className="popup-title">
        {row.name}
      </h2>
      {details ? (
        <p className="popup-address">{details.address}</p>
      ) : (
        <p className="muted">Loading details…</p>
      )}
      {details && <OpenMatStatusLine school={details} />}
      {schedule && (
        <p className="popup-schedule">
          {schedule}
          {details && <CheckWithGym reasons={reviewReasons(details)} brief />}
        </p>
      )}
      {details && <VisitorRulesList rules={details.visitorRules} />}
      <UpcomingGoing schoolId={row.id} signedIn={signedIn} max={1} compact />
      <div className="popup-actions">
        <CheckInButton schoolId={row.id} signedIn={signedIn} />
        <FavoriteButton schoolId={row.id} signedIn={signedIn} />
        <button type="button" className="button button-ghost" onClick={() => onFeedback(row.id)}>
          {homeTexts.provideFeedback}
        </button>
        <button type="button" className="button button-ghost" onClick={() => onDetails(row.id)}>
          Details
        </button>
      </div>
    </article>
  );
}
