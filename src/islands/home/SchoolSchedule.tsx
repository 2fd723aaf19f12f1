import type { SchoolSummary } from "../../common/home";
import { formatDays, formatTime } from "../../common/schedule/format";
import { openMatStatus } from "../../common/schedule/open-now";
import { useMounted } from "./use-mounted";

/** "Open mat now" or the next one, judged on the gym's own clock. Browser only: it reads the time. */
export function OpenMatStatusLine({
  school,
}: {
  school: Pick<SchoolSummary, "sessions" | "timeZone" | "exceptions">;
}) {
  const mounted = useMounted();
  if (!mounted || school.sessions.length === 0) return null;
  const status = openMatStatus(school.sessions, school.timeZone, new Date(), school.exceptions ?? []);
  if (status.current) {
    return (
      <p className="status status-open">{`Open mat now (started ${formatTime(status.current.start)})`}</p>
    );
  }
  if (!status.next) return null;
  const when = new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    hour: "numeric",
    minute: "2-digit",
    timeZone: school.timeZone,
    timeZoneName: "short",
  }).format(status.next.startsAt);
  return <p className="status">{`Next open mat: ${when}`}</p>;
}

/** The Open Mat schedule, one session a line, or the gym's own text when it could not be read. */
export function SchoolSchedule({ school }: { school: SchoolSummary }) {
  if (school.sessions.length === 0) return <p>{school.dayAndTime}</p>;
  return (
    <ul className="sessions">
      {school.sessions.map((s) => (
        <li key={`${s.weekday}-${s.start}-${s.end}`}>
          <strong>{formatDays([s.weekday])}</strong> {formatTime(s.start)}
          {s.end !== null && `–${formatTime(s.end)}`}
          {s.notes.length > 0 && <span className="muted">{` (${s.notes.join(", ")})`}</span>}
        </li>
      ))}
    </ul>
  );
}
