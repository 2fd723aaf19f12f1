import { useId, useState } from "react";
import { formatTime } from "../../common/schedule/format";
import type { ScheduleException } from "../../common/schedule/occurrences";
import {
  exceptionTexts,
  type OccurrenceView,
  shortDateLabel as shortDate,
} from "../../common/schemas/schedule-exceptions";
import { scheduleReviewTexts } from "../../common/schemas/schedule-review";
import type { SchoolView } from "../../common/schemas/school";
import { useOccurrences, useRestore } from "./manage-queries";
import { ExceptionDialog, type ExceptionTarget } from "./OccurrenceDialogs";

const timeText = (start: number | null, end: number | null) =>
  start === null
    ? scheduleReviewTexts.timeNotListed
    : `${formatTime(start)}${end === null ? "" : `–${formatTime(end)}`}`;

/** The exception that made an occurrence what it is: its cancellation, its day's closing, or its move. */
function exceptionOf(o: OccurrenceView, exceptions: readonly ScheduleException[]) {
  if (o.movedFrom) {
    const from = o.movedFrom;
    return exceptions.find((e) => e.moveTo && e.date === from.date && e.startMinute === from.start);
  }
  if (o.status !== "cancelled") return undefined;
  return (
    exceptions.find((e) => !e.moveTo && e.date === o.date && e.startMinute === o.start) ??
    exceptions.find((e) => !e.moveTo && e.date === o.date && e.startMinute === null)
  );
}

/**
 * 'Next 4 weeks': each dated open mat with Cancel and Move, a cancelled one with Restore (or
 * Reopen the day), a moved one with Move back; each day with the school's own open mats can
 * be closed as a whole. Each opens a dialog that asks the reason.
 */
export function OccurrencesPanel({ school, initial }: { school: SchoolView; initial: OccurrenceView[] }) {
  const id = useId();
  const occurrences = useOccurrences(school.id, initial);
  const restore = useRestore(school.id);
  const [target, setTarget] = useState<ExceptionTarget | null>(null);
  const list = occurrences.data ?? [];
  const exceptions = school.exceptions ?? [];
  const dates = [...new Set(list.map((o) => o.date))];
  return (
    <section className="manage-occurrences" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{exceptionTexts.nextWeeks}</h2>
      {dates.length === 0 && <p className="muted">{exceptionTexts.noneUpcoming}</p>}
      {dates.map((date) => {
        const day = list.filter((o) => o.date === date);
        const closed = exceptions.some((e) => e.date === date && e.startMinute === null && !e.moveTo);
        const own = day.some((o) => !o.movedFrom || o.movedFrom.date === date);
        return (
          <div key={date} className="manage-day">
            <h3>{shortDate(date)}</h3>
            <ul className="occurrences">
              {day.map((o) => {
                const exception = exceptionOf(o, exceptions);
                const label = `${shortDate(o.date)}, ${timeText(o.start, o.end)}`;
                return (
                  <li key={`${o.date}@${o.start}@${o.movedFrom?.date ?? ""}`} className="occurrence">
                    <span>{timeText(o.start, o.end)}</span>
                    {o.status === "cancelled" && (
                      <strong className="occurrence-status">{` ${exceptionTexts.cancelled}`}</strong>
                    )}
                    {o.movedFrom && (
                      <strong className="occurrence-status">{` ${scheduleReviewTexts.moved}`}</strong>
                    )}
                    {o.movedFrom &&
                      ` from ${shortDate(o.movedFrom.date)}, ${timeText(o.movedFrom.start, null)}`}
                    {o.reason ? `: ${o.reason}` : ""}
                    <span className="manage-occurrence-actions">
                      {exception?.id !== undefined ? (
                        <button
                          type="button"
                          className="button button-ghost"
                          disabled={restore.isPending}
                          aria-label={`${o.movedFrom ? "Move back" : exception.startMinute === null ? "Reopen the day" : "Restore"}: ${label}`}
                          onClick={() => restore.mutate({ id: exception.id as number, moved: !!o.movedFrom })}
                        >
                          {o.movedFrom
                            ? "Move back"
                            : exception.startMinute === null
                              ? "Reopen the day"
                              : "Restore"}
                        </button>
                      ) : o.status === "scheduled" && o.start !== null && !o.movedFrom ? (
                        <>
                          <button
                            type="button"
                            className="button button-ghost"
                            aria-label={`Cancel: ${label}`}
                            onClick={() => setTarget({ kind: "cancel", occurrence: o })}
                          >
                            Cancel
                          </button>
                          <button
                            type="button"
                            className="button button-ghost"
                            aria-label={`Move: ${label}`}
                            onClick={() => setTarget({ kind: "move", occurrence: o })}
                          >
                            Move
                          </button>
                        </>
                      ) : null}
                    </span>
                  </li>
                );
              })}
            </ul>
            {own && !closed && (
              <button
                type="button"
                className="button button-ghost"
                onClick={() => setTarget({ kind: "close", date })}
              >
                {`Close the whole day: ${shortDate(date)}`}
              </button>
            )}
          </div>
        );
      })}
      {target && <ExceptionDialog schoolId={school.id} target={target} onClose={() => setTarget(null)} />}
    </section>
  );
}
