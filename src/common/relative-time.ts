/**
 * Times as the messages screens show them (spec §2 Messages list and Conversation, §9
 * "Relative time"). Both take `now` and a time zone, so the server render and the
 * browser's first render (which cannot know the reader's zone yet) agree exactly.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone ?? ""}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

const dayOf = (at: Date, timeZone: string | undefined) =>
  format({ year: "numeric", month: "2-digit", day: "2-digit" }, timeZone).format(at);
const yearOf = (at: Date, timeZone: string | undefined) => format({ year: "numeric" }, timeZone).format(at);

/**
 * The list's time of a last message: under a minute 'Just now', then 'Nm', 'Nh', 'Nd'
 * under 7 days, otherwise a date ('Mar 5', with the year when it is not this year). A time
 * slightly ahead of `now` (another clock) is 'Just now', never negative.
 */
export function formatRelativeTime(at: Date, now: Date, timeZone?: string): string {
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE_MS) return "Just now";
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)}m`;
  if (ago < DAY_MS) return `${Math.floor(ago / HOUR_MS)}h`;
  if (ago < 7 * DAY_MS) return `${Math.floor(ago / DAY_MS)}d`;
  const sameYear = yearOf(at, timeZone) === yearOf(now, timeZone);
  return format(
    sameYear ? { month: "short", day: "numeric" } : { month: "short", day: "numeric", year: "numeric" },
    timeZone,
  ).format(at);
}

/** A message's time: the time alone when it is from today, otherwise a short date and time. */
export function formatMessageTime(at: Date, now: Date, timeZone?: string): string {
  const time = format({ hour: "numeric", minute: "2-digit" }, timeZone).format(at);
  if (dayOf(at, timeZone) === dayOf(now, timeZone)) return time;
  const sameYear = yearOf(at, timeZone) === yearOf(now, timeZone);
  const date = format(
    sameYear ? { month: "short", day: "numeric" } : { month: "short", day: "numeric", year: "numeric" },
    timeZone,
  ).format(at);
  return `${date}, ${time}`;
}
