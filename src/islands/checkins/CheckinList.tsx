import type { CheckinView } from "../../common/schemas/checkins";
import { useMounted } from "../home/use-mounted";
import { formatIn, zoneFor } from "../lib/zoned-time";
import { useDeleteCheckin } from "./queries/checkins";

const when: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/**
 * A check-in's date and time at the gym, in the gym's own zone, which the server and every
 * browser agree on. A gym hidden from this viewer has no zone to show: UTC (so marked) until
 * hydrated, then the reader's zone.
 */
function formatWhen(c: CheckinView, mounted: boolean): string {
  const zone = zoneFor(c.school?.timeZone, mounted);
  const text = formatIn(c.checkedInAt, when, zone);
  return zone === "UTC" && !c.school && text ? `${text} UTC` : text;
}

/**
 * Spec §2 Activity and the feed's Past Check-ins: gym and city, date, 'Verified' or 'Pending';
 * the owner can delete one ('Failed to delete check-in' when that fails).
 */
export function CheckinList({
  checkins,
  canDelete,
  emptyText,
}: {
  checkins: CheckinView[];
  canDelete: boolean;
  emptyText: string;
}) {
  const remove = useDeleteCheckin();
  const mounted = useMounted();
  if (checkins.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <ul className="checkin-list">
      {checkins.map((c) => {
        const gym = c.school?.gym ?? "A gym";
        const at = formatWhen(c, mounted);
        return (
          <li key={c.id} className="checkin-item">
            <div>
              {c.school ? <a href={`/schools/${c.school.slug}`}>{c.school.gym}</a> : <span>{gym}</span>}
              {c.school?.city && <span className="muted">{` · ${c.school.city}`}</span>}
              <p className="muted">
                <time dateTime={c.checkedInAt}>{at}</time>{" "}
                <span className={`tag ${c.verified ? "tag-verified" : "tag-pending"}`}>
                  {c.verified ? "Verified" : "Pending"}
                </span>
              </p>
            </div>
            {canDelete && (
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Delete check-in at ${gym}, ${at}`}
                aria-disabled={remove.isPending && remove.variables === c.id}
                onClick={() => {
                  if (!remove.isPending) remove.mutate(c.id);
                }}
              >
                Delete
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
