import { useMemo } from "react";
import { formatSchedule, parseSchedule } from "../../common/schedule";
import { useDebounced } from "../lib/use-debounced";
import { submitTexts } from "./texts";

/** How long the text must rest before the preview reads it again. */
export const PREVIEW_DEBOUNCE_MS = 250;

/** The member's own date, "YYYY-MM-DD", for dates written without a year ("Saturday, March 29"). */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A live reading of the schedule text with the shared parser (the server reads it the same
 * way): the sessions in canonical form, monthly, dated and days with no time listed included,
 * or a note that it could not be read, and anything a person should check. Announced politely, once the member pauses.
 * `today` places dates written without a year (the gym's date on the manage page; else the member's).
 */
export function SchedulePreview({ id, text, today }: { id: string; text: string; today?: string }) {
  const settled = useDebounced(text, PREVIEW_DEBOUNCE_MS);
  const parsed = useMemo(
    () => (settled.trim() ? parseSchedule(settled, { today: today ?? localToday() }) : null),
    [settled, today],
  );
  const toCheck = useMemo(() => (parsed ? (parsed.review ?? []) : []), [parsed]);
  const readCount = parsed ? parsed.sessions.length + (parsed.untimed?.length ?? 0) : 0;
  return (
    <section className="schedule-preview" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{submitTexts.previewHeading}</h3>
      <div id={id} aria-live="polite" className="schedule-preview-body">
        {!parsed ? (
          <p className="muted">{submitTexts.previewEmpty}</p>
        ) : readCount === 0 ? (
          <p>{parsed.noOpenMat ? submitTexts.previewNoOpenMat : submitTexts.previewUnreadable}</p>
        ) : (
          <>
            <ul className="schedule-preview-sessions">
              {formatSchedule({ sessions: parsed.sessions, untimed: parsed.untimed })
                .split("; ")
                .map((clause) => (
                  <li key={clause}>{clause}</li>
                ))}
            </ul>
            {parsed.unparsed.length > 0 && (
              <p>
                {submitTexts.previewUnparsed} {parsed.unparsed.map((piece) => `“${piece}”`).join(", ")}
              </p>
            )}
          </>
        )}
        {toCheck.length > 0 && (
          <div className="schedule-preview-review">
            <p>{submitTexts.previewReview}</p>
            <ul>
              {toCheck.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
