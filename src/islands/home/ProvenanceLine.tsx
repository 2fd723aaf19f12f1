import { useSyncExternalStore } from "react";
import { type Provenance, provenanceText } from "../../common/freshness";

const MINUTE_MS = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const l of listeners) l();
  }, MINUTE_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const currentMinute = () => Math.floor(Date.now() / MINUTE_MS);
/** The server, and the browser while it hydrates, know no reader's clock: nothing to count from. */
const noMinute = () => null;

/**
 * "Updated by the gym 3 days ago", "Confirmed by a check-in today", … : where the schedule
 * last came from (issue 21). Days count from the browser's clock, which the server's HTML
 * cannot know, so the line is written once hydrated (a dialog opened later shows it at once)
 * and the two renders never disagree.
 */
export function ProvenanceLine({
  provenance,
  inline = false,
}: {
  provenance: Provenance | null | undefined;
  inline?: boolean;
}) {
  const minute = useSyncExternalStore(subscribe, currentMinute, noMinute);
  const text = minute === null ? null : provenanceText(provenance, new Date(minute * MINUTE_MS));
  if (!text) return null;
  return inline ? (
    <span className="school-confirmed">{text}</span>
  ) : (
    <p className="school-confirmed">{text}</p>
  );
}
