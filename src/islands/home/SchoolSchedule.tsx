import type { SchoolSummary } from "../../common/home";
import { formatSession, formatTime, listedSessions, sessionParts } from "../../common/schedule/format";
import { openMatStatus } from "../../common/schedule/open-now";
import type { Session, UntimedSession } from "../../common/schedule/types";
import { scheduleReviewTexts } from "../../common/schemas/schedule-review";
import { useMounted } from "./use-mounted";
import { SessionRules } from "./VisitorRules";

type Listed = Session | UntimedSession;

/** Every reason to check a school's reading, each once, in the order its sessions list. */
export function reviewReasons(school: { sessions: readonly Session[]; untimed?: readonly UntimedSession[] }) {
  const reasons = listedSessions(school.sessions, school.untimed).flatMap((s) => s.review ?? []);
  return [...new Set(reasons)];
}

/**
 * "Check with the gym", for a reading the parser chose between (issue 20: no published
 * guess), with why in words, after a space: shown as muted text, or (`brief`, in the list's compact rows)
 * read out to screen readers only, the details being one click away.
 */
export function CheckWithGym({ reasons, brief = false }: { reasons: readonly string[]; brief?: boolean }) {
  if (reasons.length === 0) return null;
  return (
    <>
      {" "}
      <span className="check-with-gym">
        <span className="tag tag-pending">{scheduleReviewTexts.checkWithGym}</span>
        <span className={brief ? "visually-hidden" : "muted check-with-gym-reason"}>
          {` ${reasons.join("; ")}`}
        </span>
      </span>
    </>
  );
}

function SessionLine({ session }: { session: Listed }) {
  const { day, text } = sessionParts(session);
  return (
    <li>
      <strong>{day}</strong> {text}
      <SessionRules rules={session.rules} />
      <CheckWithGym reasons={session.review ?? []} />
    </li>
  );
}

/**
 * A school's sessions as what they are ("1st & 3rd Sun 10:00 AM", "Sat Mar 28, 2026 3:00 PM",
 * "Wed (time not listed)"), each unsure reading marked; the school page renders it too.
 */
export function SessionList({
  sessions,
  untimed,
}: {
  sessions: readonly Session[];
  untimed?: readonly UntimedSession[];
}) {
  return (
    <ul className="sessions">
      {listedSessions(sessions, untimed).map((session) => (
        // Day and text tell two sessions apart: the parser never lists the same reading twice.
        <SessionLine key={formatSession(session)} session={session} />
      ))}
    </ul>
  );
}

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
      <p className="status status-open">
        {`Open mat now (started ${formatTime(status.current.start)})`}
        <CheckWithGym reasons={status.current.session.review ?? []} />
      </p>
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
  return (
    <p className="status">
      {`Next open mat: ${when}`}
      <CheckWithGym reasons={status.next.session.review ?? []} />
    </p>
  );
}

/** The Open Mat schedule, one session a line, or the gym's own text when it could not be read. */
export function SchoolSchedule({
  school,
}: {
  school: Pick<SchoolSummary, "sessions" | "untimed" | "dayAndTime">;
}) {
  if (school.sessions.length === 0 && !school.untimed?.length) return <p>{school.dayAndTime}</p>;
  return <SessionList sessions={school.sessions} untimed={school.untimed} />;
}
