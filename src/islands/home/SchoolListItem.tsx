import type { MouseEvent } from "react";
import { homeTexts } from "../../common/home-texts";
import { formatSchedule } from "../../common/schedule/format";
import { daysText } from "./day-labels";
import { ProvenanceLine } from "./ProvenanceLine";
import { CheckWithGym, reviewReasons } from "./SchoolSchedule";
import type { HomeRow } from "./school-api";

/** The school page, or for a pin-only row (no slug yet) the home URL that opens its details. */
export const rowHref = (row: HomeRow) =>
  row.summary ? `/schools/${row.summary.slug}` : `/?school=${row.id}`;

/**
 * One school in the list. The name is a real link, so it works without JS and opens in a
 * new tab as links do; a plain click opens the detail dialog instead.
 */
export function SchoolListItem({
  row,
  from = null,
  onOpen,
}: {
  row: HomeRow;
  /** Where `row.distance` is measured from; without it no distance is shown (issue 23). */
  from?: string | null;
  onOpen(id: number): void;
}) {
  const { summary } = row;
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(row.id);
  };
  const schedule = summary ? formatSchedule(summary) || summary.dayAndTime : daysText(row.days);
  return (
    <li className="school-item">
      <a className="school-name" href={rowHref(row)} onClick={onClick}>
        {row.name}
      </a>
      {summary && <span className="school-place">{`${summary.city}, ${summary.state}`}</span>}
      {schedule && (
        <span className="school-schedule">
          {schedule}
          {summary && <CheckWithGym reasons={reviewReasons(summary)} brief />}
        </span>
      )}
      {row.distance !== undefined && from && (
        <span className="school-distance">{homeTexts.distanceFrom(row.distance, from)}</span>
      )}
      {summary && <ProvenanceLine provenance={summary.provenance} inline />}
    </li>
  );
}
