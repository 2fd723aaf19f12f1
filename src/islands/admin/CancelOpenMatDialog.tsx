import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { formatTime } from "../../common/schedule/format";
import {
  EXCEPTION_REASON_MAX,
  exceptionTexts,
  shortDateLabel as shortDate,
} from "../../common/schemas/schedule-exceptions";
import { Modal } from "../home/Modal";
import { DialogFormActions } from "../lib/DialogButtons";
import { occurrencesQueryOptions, schoolChoicesQueryOptions, useCancelOpenMat } from "./cancellation-queries";

/** A choice of the open-mat select: `date@start`, or `date@day` for every open mat that day. */
const WHOLE_DAY = "day";

/**
 * 'Cancel an open mat': find the school by name, pick one of its open mats in the next four
 * weeks (or a whole day), give the reason. Focus starts in the school search; Escape or
 * Cancel closes and hands focus back to the button that opened it.
 */
export function CancelOpenMatDialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const [search, setSearch] = useState("");
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const [slot, setSlot] = useState("");
  const [reason, setReason] = useState("");
  const choices = useQuery(schoolChoicesQueryOptions(search.trim()));
  const occurrences = useQuery(occurrencesQueryOptions(schoolId));
  const cancel = useCancelOpenMat();
  const school = choices.data?.find((s) => s.id === schoolId);
  const dates = [...new Set(occurrences.data?.map((o) => o.date) ?? [])];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (cancel.isPending || schoolId === null || !school || !slot) return;
    const [date = "", start = WHOLE_DAY] = slot.split("@");
    cancel.mutate(
      {
        schoolId,
        gym: school.gym,
        date,
        startMinute: start === WHOLE_DAY ? null : Number(start),
        reason: reason.trim(),
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="admin-dialog">
      <h2 id={`${id}-title`}>Cancel an open mat</h2>
      <form onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
        <div className="field">
          <label htmlFor={`${id}-search`}>Find the school</label>
          <input
            ref={first}
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-describedby={`${id}-search-hint`}
            autoComplete="off"
          />
          <p id={`${id}-search-hint`} className="muted">
            Part of its name, address or city (at least 2 letters).
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-school`}>School</label>
          <select
            id={`${id}-school`}
            value={schoolId ?? ""}
            onChange={(e) => {
              setSchoolId(e.target.value ? Number(e.target.value) : null);
              setSlot("");
            }}
            required
          >
            <option value="">
              {choices.isFetching
                ? "Searching..."
                : choices.data?.length
                  ? "Choose a school"
                  : "No school found yet"}
            </option>
            {choices.data?.map((s) => (
              <option key={s.id} value={s.id}>{`${s.gym} (${s.city}, ${s.state})`}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-slot`}>Open mat</label>
          <select id={`${id}-slot`} value={slot} onChange={(e) => setSlot(e.target.value)} required>
            <option value="">
              {schoolId === null
                ? "Choose a school first"
                : occurrences.isPending
                  ? "Loading its open mats..."
                  : dates.length
                    ? "Choose the open mat or the day"
                    : exceptionTexts.noneUpcoming}
            </option>
            {dates.map((date) => (
              <optgroup key={date} label={shortDate(date)}>
                {occurrences.data
                  ?.filter((o) => o.date === date && o.start !== null)
                  .map((o) => (
                    <option
                      key={`${date}@${o.start}`}
                      value={`${date}@${o.start}`}
                      disabled={o.status === "cancelled"}
                    >
                      {`${shortDate(date)}, ${formatTime(o.start as number)}${o.status === "cancelled" ? " (already cancelled)" : ""}`}
                    </option>
                  ))}
                <option value={`${date}@${WHOLE_DAY}`}>{`${shortDate(date)}, the whole day`}</option>
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={EXCEPTION_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={`${id}-reason-hint`}
            required
          />
          <p id={`${id}-reason-hint`} className="muted">
            Shown on the school page and told to members who saved the gym.
          </p>
        </div>
        <DialogFormActions
          label="Cancel open mat"
          busyLabel="Cancelling..."
          busy={cancel.isPending}
          disabled={!slot || !reason.trim()}
          danger
        />
      </form>
    </Modal>
  );
}
