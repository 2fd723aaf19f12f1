import type { CheckinView } from "../../common/schemas/checkins";
import { useDeleteCheckin } from "./queries/checkins";

const when = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const formatWhen = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : when.format(d);
};

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
  if (checkins.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <ul className="checkin-list">
      {checkins.map((c) => {
        const gym = c.school?.gym ?? "A gym";
        return (
          <li key={c.id} className="checkin-item">
            <div>
              {c.school ? <a href={`/schools/${c.school.slug}`}>{c.school.gym}</a> : <span>{gym}</span>}
              {c.school?.city && <span className="muted">{` · ${c.school.city}`}</span>}
              <p className="muted">
                <time dateTime={c.checkedInAt}>{formatWhen(c.checkedInAt)}</time>{" "}
                <span className={`tag ${c.verified ? "tag-verified" : "tag-pending"}`}>
                  {c.verified ? "Verified" : "Pending"}
                </span>
              </p>
            </div>
            {canDelete && (
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Delete check-in at ${gym}, ${formatWhen(c.checkedInAt)}`}
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
