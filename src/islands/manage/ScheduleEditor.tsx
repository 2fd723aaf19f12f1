import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { ParsedSchedule } from "../../common/schedule/types";
import { scheduleReviewTexts } from "../../common/schemas/schedule-review";
import type { SchoolView } from "../../common/schemas/school";
import { MANAGED_SESSIONS_MAX } from "../../common/schemas/school-manage";
import { blankRow, type Row, rowsOf, scheduleOfRows } from "./editor-rows";
import { useConfirmReading, useSaveSchedule } from "./manage-queries";
import { PasteSchedule } from "./PasteSchedule";
import { SessionRowFields } from "./SessionRowFields";

/** Whether the listing's reading of the gym's text has something a person should check. */
const hasMarks = (school: SchoolView) =>
  school.scheduleUnparsed.length > 0 ||
  [...school.sessions, ...(school.untimed ?? [])].some((s) => (s.review ?? []).length > 0);

/**
 * The schedule as rows, added, changed and removed with form fields; pasted text can fill
 * them. Saving sends the rows; the listing's text is written from them. Adding a row puts
 * focus in it; removing one moves focus to the next row (or Add).
 */
export function ScheduleEditor({ school, today }: { school: SchoolView; today: string }) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(school.sessions, school.untimed));
  const nextKey = useRef(rows.length);
  const [dirty, setDirty] = useState(false);
  const [filled, setFilled] = useState<ParsedSchedule | null>(null);
  const [focusKey, setFocusKey] = useState<number | "add" | "rows" | null>(null);
  const firstFields = useRef(new Map<number, HTMLSelectElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const rowsHeading = useRef<HTMLHeadingElement>(null);
  const save = useSaveSchedule(school.id);
  const confirm = useConfirmReading(school.id);
  const edited = useMemo(() => scheduleOfRows(rows), [rows]);

  const fresh = (s: SchoolView) =>
    rowsOf(s.sessions, s.untimed).map((row) => ({ ...row, key: nextKey.current++ }));
  // The school changed elsewhere (a correction from feedback): rows not being edited follow it.
  const seen = useRef(school.dayAndTime);
  useEffect(() => {
    if (seen.current === school.dayAndTime) return;
    seen.current = school.dayAndTime;
    if (!dirty) setRows(fresh(school));
  });

  useEffect(() => {
    if (focusKey === null) return;
    if (focusKey === "add") addButton.current?.focus();
    else if (focusKey === "rows") rowsHeading.current?.focus();
    else firstFields.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const change = (next: Row[]) => {
    setRows(next);
    setDirty(true);
  };
  function add() {
    const row = blankRow(nextKey.current++);
    change([...rows, row]);
    setFocusKey(row.key);
  }
  function remove(index: number) {
    const next = rows.filter((_, i) => i !== index);
    change(next);
    setFocusKey(next[index]?.key ?? next[index - 1]?.key ?? "add");
  }
  function fill(parsed: ParsedSchedule) {
    change(rowsOf(parsed.sessions, parsed.untimed).map((row) => ({ ...row, key: nextKey.current++ })));
    setFilled(parsed);
    setFocusKey("rows");
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const bad = rows.find((row) => edited.rowProblems.has(row.key));
    if (bad) return setFocusKey(bad.key);
    if (edited.problem) return;
    save.mutate(
      { sessions: edited.sessions, untimed: edited.untimed },
      {
        onSuccess: ({ school: saved }) => {
          seen.current = saved.dayAndTime;
          setRows(fresh(saved));
          setDirty(false);
          setFilled(null);
        },
      },
    );
  }

  return (
    <section className="manage-schedule" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Schedule</h2>
      <p>
        The listing reads: <strong>{school.dayAndTime}</strong>
      </p>
      {!dirty && hasMarks(school) && (
        <div className="manage-confirm">
          <p>
            The listing's reading of this text has marks to check. Check the rows below and save them, or
            confirm the reading as it is.
          </p>
          <button
            type="button"
            className="button button-ghost"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate(school.dayAndTime)}
          >
            {confirm.isPending ? scheduleReviewTexts.confirming : scheduleReviewTexts.confirm}
          </button>
        </div>
      )}
      <PasteSchedule id={`${id}-paste`} today={today} onFill={fill} />
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-rows`}>
        <h3 id={`${id}-rows`} ref={rowsHeading} tabIndex={-1}>
          {`Open mats (${rows.length})`}
        </h3>
        <div aria-live="polite">
          {filled && (
            <div className="manage-filled">
              <p>{`${rows.length} open mats filled from the text. Check them, then save.`}</p>
              {filled.unparsed.length > 0 && (
                <p>{`Not read: ${filled.unparsed.map((piece) => `“${piece}”`).join(", ")}`}</p>
              )}
              {(filled.review ?? []).length > 0 && (
                <ul>
                  {filled.review?.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
        {rows.length === 0 && <p className="muted">No open mats: the listing will say “No open mat”.</p>}
        {rows.map((row, index) => (
          <SessionRowFields
            key={row.key}
            id={`${id}-row-${row.key}`}
            number={index + 1}
            row={row}
            problem={edited.rowProblems.get(row.key)}
            first={(el) => {
              if (el) firstFields.current.set(row.key, el);
              else firstFields.current.delete(row.key);
            }}
            onChange={(next) => change(rows.map((r) => (r.key === row.key ? next : r)))}
            onRemove={() => remove(index)}
          />
        ))}
        {edited.problem && (
          <p className="field-error" role="alert">
            {edited.problem}
          </p>
        )}
        <div className="manage-actions">
          <button
            ref={addButton}
            type="button"
            className="button button-ghost"
            onClick={add}
            disabled={rows.length >= MANAGED_SESSIONS_MAX}
          >
            Add an open mat
          </button>
          <button type="submit" className="button" disabled={save.isPending || !dirty}>
            {save.isPending ? "Saving..." : "Save schedule"}
          </button>
        </div>
      </form>
    </section>
  );
}
