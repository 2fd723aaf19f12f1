import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { formatTime } from "../../common/schedule/format";
import {
  type AdminExceptionView,
  type MoveTarget,
  shortDateLabel as shortDate,
} from "../../common/schemas/schedule-exceptions";
import { CancelOpenMatDialog } from "./CancelOpenMatDialog";
import { cancellationsQueryOptions, useRestoreOpenMat } from "./cancellation-queries";
import { MoveOpenMatDialog } from "./MoveOpenMatDialog";
import { useFocusOnRemoval } from "./use-focus-on-removal";

const whenOf = (e: { date: string; startMinute: number | null }) =>
  `${shortDate(e.date)}, ${e.startMinute === null ? "whole day" : formatTime(e.startMinute)}`;
/** "Sat, Nov 21, 3:00 PM" or, with an end, "Sat, Nov 21, 3:00 PM to 5:00 PM". */
const newTimeOf = (m: MoveTarget) =>
  `${shortDate(m.date)}, ${formatTime(m.start)}${m.end === null ? "" : ` to ${formatTime(m.end)}`}`;
const titleOf = (e: AdminExceptionView) =>
  `${whenOf(e)}${e.moveTo ? `, moved to ${shortDate(e.moveTo.date)}, ${formatTime(e.moveTo.start)}` : ""}`;

/** Upcoming cancellations and moves, each with Restore (or Move back), and the forms that add them. */
export function CancellationsPanel() {
  const query = useQuery(cancellationsQueryOptions());
  const [adding, setAdding] = useState<"cancel" | "move" | null>(null);
  const count = query.data?.length;
  const heading = useFocusOnRemoval(count);
  return (
    <section className="admin-cancellations" aria-labelledby="admin-cancellations-title">
      <h2 id="admin-cancellations-title" ref={heading} tabIndex={-1}>
        Cancelled open mats and moves{count ? ` (${count})` : ""}
      </h2>
      <p className="muted">
        A cancelled open mat shows as cancelled on its school page, leaves Open now and Today and the
        calendar; a moved one shows at its new time everywhere. Members who saved the gym are told when either
        is within a week.
      </p>
      <p className="admin-actions">
        <button type="button" className="button" onClick={() => setAdding("cancel")}>
          Cancel an open mat
        </button>
        <button type="button" className="button button-ghost" onClick={() => setAdding("move")}>
          Move an open mat
        </button>
      </p>
      {query.isPending ? (
        <p className="muted">Loading cancellations...</p>
      ) : query.isError ? (
        <p role="alert">Error loading cancellations: {query.error.message}</p>
      ) : query.data.length === 0 ? (
        <p className="muted">No upcoming open mat is cancelled or moved.</p>
      ) : (
        <ol className="admin-queue">
          {query.data.map((exception) => (
            <li key={exception.id}>
              <CancellationItem exception={exception} />
            </li>
          ))}
        </ol>
      )}
      {adding === "cancel" && <CancelOpenMatDialog onClose={() => setAdding(null)} />}
      {adding === "move" && <MoveOpenMatDialog onClose={() => setAdding(null)} />}
    </section>
  );
}

function CancellationItem({ exception: e }: { exception: AdminExceptionView }) {
  const id = useId();
  const restore = useRestoreOpenMat(e);
  const [label, busy] = e.moveTo ? ["Move back", "Moving back..."] : ["Restore", "Restoring..."];
  return (
    <article className="card admin-cancellation" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <a href={`/schools/${e.school.slug}`}>{e.school.gym}</a>
        {`: ${titleOf(e)}`}
      </h3>
      <p className="muted">
        {e.school.city}, {e.school.state}
      </p>
      <dl className="admin-facts">
        {e.moveTo && (
          <>
            <dt>Moved to</dt>
            <dd>{newTimeOf(e.moveTo)}</dd>
          </>
        )}
        <dt>Reason</dt>
        <dd>{e.reason}</dd>
      </dl>
      <div className="admin-actions">
        <button
          type="button"
          className="button button-ghost"
          disabled={restore.isPending}
          onClick={() => restore.mutate()}
        >
          {restore.isPending ? busy : label}
          <span className="visually-hidden">{` ${e.school.gym}, ${whenOf(e)}`}</span>
        </button>
      </div>
    </article>
  );
}
