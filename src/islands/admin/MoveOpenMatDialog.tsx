import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { MOVE_MAX_DAYS } from "../../common/schemas/schedule-exceptions";
import { Modal } from "../home/Modal";
import { DialogFormActions } from "../lib/DialogButtons";
import { ReasonField } from "./CancelOpenMatDialog";
import { useMoveOpenMat } from "./cancellation-queries";
import { OpenMatFields, slotOf, useOpenMatPicker } from "./OpenMatPicker";

const DAY_MS = 86_400_000;
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Minutes after midnight as an <input type="time"> value, and back (null when empty). */
const clock = (minutes: number | null) =>
  minutes === null
    ? ""
    : `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const minutesOf = (value: string): number | null => {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/**
 * 'Move an open mat': find the school, pick one of its open mats in the next four weeks,
 * then its new date, start and (optional) end, prefilled with its own so only what changes
 * is typed, and the reason. Focus starts in the school search; Escape or Cancel closes and
 * hands focus back to the button that opened it.
 */
export function MoveOpenMatDialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const picker = useOpenMatPicker();
  const [date, setDate] = useState("");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [reason, setReason] = useState("");
  const move = useMoveOpenMat();
  const { chosen } = picker;

  // A newly chosen open mat fills in its own date and times.
  useEffect(() => {
    setDate(chosen?.date ?? "");
    setStart(clock(chosen?.start ?? null));
    setEnd(clock(chosen?.end ?? null));
  }, [chosen?.date, chosen?.start, chosen?.end]);

  const newStart = minutesOf(start);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { schoolId, school, slot } = picker;
    if (move.isPending || schoolId === null || !school || !slot || !date || newStart === null) return;
    const { date: from, startMinute } = slotOf(slot);
    if (startMinute === null) return;
    move.mutate(
      {
        schoolId,
        gym: school.gym,
        date: from,
        startMinute,
        reason: reason.trim(),
        moveTo: { date, start: newStart, end: minutesOf(end) },
      },
      { onSuccess: onClose },
    );
  }

  const own = chosen?.date;
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="admin-dialog">
      <h2 id={`${id}-title`}>Move an open mat</h2>
      <form onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        <OpenMatFields id={id} picker={picker} wholeDay={false} first={first} />
        <NewTimeFields
          id={id}
          own={own}
          disabled={!chosen}
          hints
          date={[date, setDate]}
          start={[start, setStart]}
          end={[end, setEnd]}
        />
        <ReasonField id={id} value={reason} onChange={setReason} />
        <DialogFormActions
          label="Move open mat"
          busyLabel="Moving..."
          busy={move.isPending}
          disabled={!chosen || !date || newStart === null || !reason.trim()}
        />
      </form>
    </Modal>
  );
}

type Field = readonly [string, (value: string) => void];

/**
 * The new date, start and end of a moved open mat, shared by /admin's dialog and the manage
 * page's: the date within MOVE_MAX_DAYS of the open mat's own (`own`), the end optional.
 */
export function NewTimeFields({
  id,
  own,
  disabled = false,
  hints = false,
  date: [date, setDate],
  start: [start, setStart],
  end: [end, setEnd],
}: {
  id: string;
  own: string | undefined;
  disabled?: boolean;
  /** Say under the date and the end what they accept. */
  hints?: boolean;
  date: Field;
  start: Field;
  end: Field;
}) {
  return (
    <fieldset className="field" disabled={disabled}>
      <legend>New time</legend>
      <div className="field">
        <label htmlFor={`${id}-date`}>New date</label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          min={own ? plusDays(own, -MOVE_MAX_DAYS) : undefined}
          max={own ? plusDays(own, MOVE_MAX_DAYS) : undefined}
          onChange={(e) => setDate(e.target.value)}
          aria-describedby={hints ? `${id}-date-hint` : undefined}
          required
        />
        {hints && (
          <p id={`${id}-date-hint`} className="muted">
            {`Today or later, within ${MOVE_MAX_DAYS} days of the open mat's own date.`}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-start`}>New start</label>
        <input
          id={`${id}-start`}
          type="time"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-end`}>New end (optional)</label>
        <input
          id={`${id}-end`}
          type="time"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          aria-describedby={hints ? `${id}-end-hint` : undefined}
        />
        {hints && (
          <p id={`${id}-end-hint`} className="muted">
            Leave it empty when the gym lists no end; an end before the start runs past midnight.
          </p>
        )}
      </div>
    </fieldset>
  );
}
