import type { Ref } from "react";
import type { Ordinal, Weekday } from "../../common/schedule/types";
import {
  ORDINAL_CHOICES,
  type Recurrence,
  type Row,
  rowSummary,
  WEEKDAY_NAMES,
  WEEKDAY_ORDER,
} from "./editor-rows";

const RECURRENCES: readonly { value: Recurrence; label: string }[] = [
  { value: "weekly", label: "Every week" },
  { value: "monthly", label: "Some weeks of the month" },
  { value: "dated", label: "Once, on a date" },
];

/**
 * One open mat as fields: how it recurs, its day (or date), start and end, Gi or No-Gi and
 * other notes, and an optional season; with Remove. `first` is its first field, which gets
 * focus when the row is added.
 */
export function SessionRowFields({
  id,
  number,
  row,
  problem,
  first,
  onChange,
  onRemove,
}: {
  id: string;
  number: number;
  row: Row;
  problem: string | undefined;
  first?: Ref<HTMLSelectElement>;
  onChange(next: Row): void;
  onRemove(): void;
}) {
  const set = (patch: Partial<Row>) => onChange({ ...row, ...patch });
  const f = (name: string) => `${id}-${name}`;
  const summary = rowSummary(row);
  const toggleOrdinal = (value: Ordinal, on: boolean) =>
    set({ ordinals: on ? [...row.ordinals, value] : row.ordinals.filter((o) => o !== value) });
  return (
    <fieldset
      className={problem ? "card manage-row manage-row-invalid" : "card manage-row"}
      aria-describedby={problem ? f("problem") : undefined}
    >
      <legend>{`Open mat ${number}${summary ? `: ${summary}` : ""}`}</legend>
      <div className="manage-row-grid">
        <div className="field">
          <label htmlFor={f("recurrence")}>Repeats</label>
          <select
            ref={first}
            id={f("recurrence")}
            value={row.recurrence}
            onChange={(e) => set({ recurrence: e.target.value as Recurrence })}
          >
            {RECURRENCES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        {row.recurrence === "dated" ? (
          <div className="field">
            <label htmlFor={f("date")}>Date</label>
            <input
              id={f("date")}
              type="date"
              value={row.date}
              onChange={(e) => set({ date: e.target.value })}
            />
          </div>
        ) : (
          <div className="field">
            <label htmlFor={f("weekday")}>Day</label>
            <select
              id={f("weekday")}
              value={row.weekday}
              onChange={(e) => set({ weekday: Number(e.target.value) as Weekday })}
            >
              {WEEKDAY_ORDER.map((d) => (
                <option key={d} value={d}>
                  {WEEKDAY_NAMES[d]}
                </option>
              ))}
            </select>
          </div>
        )}
        {row.recurrence === "monthly" && (
          <fieldset className="field manage-ordinals">
            <legend>Weeks of the month</legend>
            {ORDINAL_CHOICES.map((o) => (
              <label key={o.value} className="field-checkbox">
                <input
                  type="checkbox"
                  checked={row.ordinals.includes(o.value)}
                  onChange={(e) => toggleOrdinal(o.value, e.target.checked)}
                />
                {o.label}
              </label>
            ))}
          </fieldset>
        )}
        <div className="field">
          <label htmlFor={f("start")}>Start</label>
          <input
            id={f("start")}
            type="time"
            value={row.start}
            onChange={(e) => set({ start: e.target.value })}
            aria-describedby={f("start-hint")}
          />
          <p id={f("start-hint")} className="muted">
            Empty: the time is not listed.
          </p>
        </div>
        <div className="field">
          <label htmlFor={f("end")}>End (optional)</label>
          <input id={f("end")} type="time" value={row.end} onChange={(e) => set({ end: e.target.value })} />
        </div>
        <fieldset className="field manage-kinds">
          <legend>Gi or No-Gi</legend>
          <label className="field-checkbox">
            <input type="checkbox" checked={row.gi} onChange={(e) => set({ gi: e.target.checked })} />
            Gi
          </label>
          <label className="field-checkbox">
            <input type="checkbox" checked={row.noGi} onChange={(e) => set({ noGi: e.target.checked })} />
            No-Gi
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor={f("other")}>Other notes</label>
          <input
            id={f("other")}
            value={row.other}
            onChange={(e) => set({ other: e.target.value })}
            aria-describedby={f("other-hint")}
          />
          <p id={f("other-hint")} className="muted">
            Separated by commas, such as “Members only, $10 mat fee”.
          </p>
        </div>
        {row.recurrence !== "dated" && (
          <>
            <div className="field">
              <label htmlFor={f("from")}>From (optional)</label>
              <input
                id={f("from")}
                type="date"
                value={row.from}
                onChange={(e) => set({ from: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={f("until")}>Until (optional)</label>
              <input
                id={f("until")}
                type="date"
                value={row.until}
                onChange={(e) => set({ until: e.target.value })}
              />
            </div>
          </>
        )}
      </div>
      {problem && (
        <p id={f("problem")} className="field-error">
          {problem}
        </p>
      )}
      <button type="button" className="button button-ghost" onClick={onRemove}>
        {`Remove open mat ${number}`}
      </button>
    </fieldset>
  );
}
