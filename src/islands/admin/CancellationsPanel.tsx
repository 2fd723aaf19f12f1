import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { formatTime } from "../../common/schedule/format";
import {
  type AdminExceptionView,
  shortDateLabel as shortDate,
} from "../../common/schemas/schedule-exceptions";
import { CancelOpenMatDialog } from "./CancelOpenMatDialog";
import { cancellationsQueryOptions, useRestoreOpenMat } from "./cancellation-queries";
import { useFocusOnRemoval } from "./use-focus-on-removal";

const whenOf = (e: { date: string; startMinute: number | null }) =>
  `${shortDate(e.date)}, ${e.startMinute === null ? "whole day" : formatTime(e.startMinute)}`;

/** Upcoming cancellations, each with Restore, and the form that adds one. */
export function CancellationsPanel() {
  const query = useQuery(cancellationsQueryOptions());
  const [adding, setAdding] = useState(false);
  const count = query.data?.length;
  const heading = useFocusOnRemoval(count);
  return (
    <section className="admin-cancellations" aria-labelledby="admin-cancellations-title">
      <h2 id="admin-cancellations-title" ref={heading} tabIndex={-1}>
        Cancelled open mats{count ? ` (${count})` : ""}
      </h2>
      <p className="muted">
        A cancelled open mat shows as cancelled on its school page, leaves Open now and Today and the
        calendar, and members who saved the gym are told when it is within a week.
      </p>
      <p>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Cancel an open mat
        </button>
      </p>
      {query.isPending ? (
        <p className="muted">Loading cancellations...</p>
      ) : query.isError ? (
        <p role="alert">Error loading cancellations: {query.error.message}</p>
      ) : query.data.length === 0 ? (
        <p className="muted">No upcoming open mat is cancelled.</p>
      ) : (
        <ol className="admin-queue">
          {query.data.map((exception) => (
            <li key={exception.id}>
              <CancellationItem exception={exception} />
            </li>
          ))}
        </ol>
      )}
      {adding && <CancelOpenMatDialog onClose={() => setAdding(false)} />}
    </section>
  );
}

function CancellationItem({ exception: e }: { exception: AdminExceptionView }) {
  const id = useId();
  const restore = useRestoreOpenMat(e);
  return (
    <article className="card admin-cancellation" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <a href={`/schools/${e.school.slug}`}>{e.school.gym}</a>
        {`: ${whenOf(e)}`}
      </h3>
      <p className="muted">
        {e.school.city}, {e.school.state}
      </p>
      <dl className="admin-facts">
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
          {restore.isPending ? "Restoring..." : "Restore"}
          <span className="visually-hidden">{` ${e.school.gym}, ${whenOf(e)}`}</span>
        </button>
      </div>
    </article>
  );
}
