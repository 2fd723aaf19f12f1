import { useState } from "react";
import { parseSchedule } from "../../common/schedule/parse";
import type { ParsedSchedule } from "../../common/schedule/types";
import { SchedulePreview } from "../submit/SchedulePreview";

/**
 * 'Paste the schedule as text': the shared parser reads it as the owner types (the preview
 * shows its reading and what to check), and 'Fill the rows' puts that reading in the rows,
 * for the owner to check and save. Dates without a year are placed from the gym's `today`.
 */
export function PasteSchedule({
  id,
  today,
  onFill,
}: {
  id: string;
  today: string;
  onFill(parsed: ParsedSchedule): void;
}) {
  const [text, setText] = useState("");
  return (
    <section className="manage-paste" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Paste the schedule as text</h3>
      <div className="field">
        <label htmlFor={`${id}-text`}>Schedule text</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          value={text}
          maxLength={1000}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="muted">
          Such as “Sat 11am-1pm (Gi); 1st & 3rd Sun 10am”. Filling the rows replaces them; nothing is saved
          until you save.
        </p>
      </div>
      <SchedulePreview id={`${id}-preview`} text={text} today={today} />
      <button
        type="button"
        className="button button-ghost"
        disabled={!text.trim()}
        onClick={() => onFill(parseSchedule(text, { today }))}
      >
        Fill the rows from this text
      </button>
    </section>
  );
}
