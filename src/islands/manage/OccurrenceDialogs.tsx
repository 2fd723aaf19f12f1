import { type FormEvent, useEffect, useId, useState } from "react";
import { formatTime } from "../../common/schedule/format";
import { type OccurrenceView, shortDateLabel as shortDate } from "../../common/schemas/schedule-exceptions";
import { ReasonField } from "../admin/CancelOpenMatDialog";
import { NewTimeFields } from "../admin/MoveOpenMatDialog";
import { Modal } from "../home/Modal";
import { DialogFormActions } from "../lib/DialogButtons";
import { clock, minutesOf } from "./editor-rows";
import { useAddException } from "./manage-queries";

export type ExceptionTarget =
  | { kind: "cancel"; occurrence: OccurrenceView }
  | { kind: "move"; occurrence: OccurrenceView }
  | { kind: "close"; date: string };

const titles = {
  cancel: "Cancel an open mat",
  move: "Move an open mat",
  close: "Close the whole day",
} as const;

/**
 * Cancel one open mat, move it, or close its whole day, with the reason visitors and the
 * members who saved the gym are told. A move starts from the open mat's own date and times.
 * Focus starts in the first field; Escape or Cancel closes and hands focus back to the opener.
 */
export function ExceptionDialog({
  schoolId,
  target,
  onClose,
}: {
  schoolId: number;
  target: ExceptionTarget;
  onClose(): void;
}) {
  const id = useId();
  // The first field: the new date of a move, else the reason.
  useEffect(
    () => document.getElementById(`${id}-${target.kind === "move" ? "date" : "reason"}`)?.focus(),
    [id, target.kind],
  );
  const own = target.kind === "close" ? null : target.occurrence;
  const [date, setDate] = useState(own?.date ?? "");
  const [start, setStart] = useState(clock(own?.start ?? null));
  const [end, setEnd] = useState(clock(own?.end ?? null));
  const [reason, setReason] = useState("");
  const add = useAddException(schoolId);
  const newStart = minutesOf(start);
  const what =
    target.kind === "close"
      ? `Every open mat on ${shortDate(target.date)}`
      : `${shortDate(target.occurrence.date)}, ${formatTime(target.occurrence.start ?? 0)}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending || !reason.trim()) return;
    if (target.kind === "close") {
      add.mutate({ date: target.date, startMinute: null, reason: reason.trim() }, { onSuccess: onClose });
      return;
    }
    const { occurrence } = target;
    const moveTo =
      target.kind === "move" && newStart !== null
        ? { date, start: newStart, end: minutesOf(end) }
        : undefined;
    if (target.kind === "move" && !moveTo) return;
    add.mutate(
      { date: occurrence.date, startMinute: occurrence.start, reason: reason.trim(), moveTo },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="admin-dialog">
      <h2 id={`${id}-title`}>{titles[target.kind]}</h2>
      <p>{what}</p>
      <form onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        {target.kind === "move" && own && (
          <NewTimeFields
            id={id}
            own={own.date}
            date={[date, setDate]}
            start={[start, setStart]}
            end={[end, setEnd]}
          />
        )}
        <ReasonField id={id} value={reason} onChange={setReason} />
        <DialogFormActions
          label={
            target.kind === "move"
              ? "Move open mat"
              : target.kind === "close"
                ? "Close the day"
                : "Cancel open mat"
          }
          busyLabel={target.kind === "move" ? "Moving..." : "Saving..."}
          busy={add.isPending}
          disabled={!reason.trim() || (target.kind === "move" && (!date || newStart === null))}
          danger={target.kind !== "move"}
        />
      </form>
    </Modal>
  );
}
