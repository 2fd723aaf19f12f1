import { useQuery } from "@tanstack/react-query";
import { type RefObject, useState } from "react";
import { formatTime } from "../../common/schedule/format";
import {
  exceptionTexts,
  type OccurrenceView,
  shortDateLabel as shortDate,
} from "../../common/schemas/schedule-exceptions";
import { occurrencesQueryOptions, schoolChoicesQueryOptions } from "./cancellation-queries";

/** A choice of the open-mat select: `date@start`, or `date@day` for every open mat that day. */
const WHOLE_DAY = "day";

/** The open mat (or, start null, the whole day) a slot value names. */
export function slotOf(slot: string): { date: string; startMinute: number | null } {
  const [date = "", start = WHOLE_DAY] = slot.split("@");
  return { date, startMinute: start === WHOLE_DAY ? null : Number(start) };
}

/** The school search, the school and the open mat chosen in a dialog, with what they load. */
export function useOpenMatPicker() {
  const [search, setSearch] = useState("");
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const [slot, setSlot] = useState("");
  const choices = useQuery(schoolChoicesQueryOptions(search.trim()));
  const occurrences = useQuery(occurrencesQueryOptions(schoolId));
  const school = choices.data?.find((s) => s.id === schoolId);
  const { date, startMinute } = slotOf(slot);
  const chosen = slot
    ? occurrences.data?.find((o) => o.date === date && o.start === startMinute && !o.movedFrom)
    : undefined;
  return {
    search,
    setSearch,
    schoolId,
    chooseSchool(id: number | null) {
      setSchoolId(id);
      setSlot("");
    },
    slot,
    setSlot,
    choices,
    occurrences,
    school,
    /** The open mat chosen (not a whole day). */
    chosen,
  };
}
export type OpenMatPicker = ReturnType<typeof useOpenMatPicker>;

/** Why an open mat cannot be chosen: already cancelled, or moved (restore it first). */
function taken(o: OccurrenceView): string {
  if (o.movedFrom)
    return ` (moved from ${shortDate(o.movedFrom.date)}${o.movedFrom.start === null ? "" : `, ${formatTime(o.movedFrom.start)}`})`;
  return o.status === "cancelled" ? " (already cancelled)" : "";
}

/**
 * 'Find the school', 'School' and 'Open mat': the school found by name, then one of its open
 * mats in the next four weeks, or (with `wholeDay`) a whole day. Already cancelled and moved
 * open mats are listed, disabled. Focus starts in the search (`first`).
 */
export function OpenMatFields({
  id,
  picker: p,
  wholeDay,
  first,
}: {
  id: string;
  picker: OpenMatPicker;
  wholeDay: boolean;
  first: RefObject<HTMLInputElement | null>;
}) {
  const dates = [...new Set(p.occurrences.data?.map((o) => o.date) ?? [])];
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-search`}>Find the school</label>
        <input
          ref={first}
          id={`${id}-search`}
          type="search"
          value={p.search}
          onChange={(e) => p.setSearch(e.target.value)}
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
          value={p.schoolId ?? ""}
          onChange={(e) => p.chooseSchool(e.target.value ? Number(e.target.value) : null)}
          required
        >
          <option value="">
            {p.choices.isFetching
              ? "Searching..."
              : p.choices.data?.length
                ? "Choose a school"
                : "No school found yet"}
          </option>
          {p.choices.data?.map((s) => (
            <option key={s.id} value={s.id}>{`${s.gym} (${s.city}, ${s.state})`}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-slot`}>Open mat</label>
        <select id={`${id}-slot`} value={p.slot} onChange={(e) => p.setSlot(e.target.value)} required>
          <option value="">
            {p.schoolId === null
              ? "Choose a school first"
              : p.occurrences.isPending
                ? "Loading its open mats..."
                : dates.length
                  ? wholeDay
                    ? "Choose the open mat or the day"
                    : "Choose the open mat"
                  : exceptionTexts.noneUpcoming}
          </option>
          {dates.map((date) => {
            const listed = p.occurrences.data?.filter((o) => o.date === date) ?? [];
            // A day only closes where the school's own open mats are (not one moved onto it).
            const own = listed.some((o) => !o.movedFrom || o.movedFrom.date === date);
            return (
              <optgroup key={date} label={shortDate(date)}>
                {listed
                  .filter((o) => o.start !== null)
                  .map((o) => (
                    <option
                      key={`${date}@${o.start}@${o.movedFrom?.date ?? ""}`}
                      value={`${date}@${o.start}`}
                      disabled={o.status === "cancelled" || o.movedFrom !== undefined}
                    >
                      {`${shortDate(date)}, ${formatTime(o.start as number)}${taken(o)}`}
                    </option>
                  ))}
                {wholeDay && own && (
                  <option value={`${date}@${WHOLE_DAY}`}>{`${shortDate(date)}, the whole day`}</option>
                )}
              </optgroup>
            );
          })}
        </select>
      </div>
    </>
  );
}
