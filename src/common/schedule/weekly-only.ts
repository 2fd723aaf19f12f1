/**
 * What the server keeps of a parse while storage and the listing know only weekly sessions:
 * every monthly, dated or seasonal session, and every day with no time listed, goes back to
 * `unparsed` as the gym wrote it, with a review reason saying what it is. So nothing is
 * listed as weekly that is not, and an admin sees the text (Stale listings, the queue).
 */
import { FULL_DAY_NAMES } from "./day-names.ts";
import { sourcePieces } from "./finish.ts";
import { formatDate, formatSchedule } from "./format.ts";
import type { DraftSession } from "./pair.ts";
import { sessionKey } from "./sessions.ts";
import type { Ordinal, ParsedSchedule, Session, UntimedSession } from "./types.ts";

type AnySession = Session | UntimedSession;

/** The exact pieces of the input each parsed session was read from (set by parseSchedule). */
const sources = new WeakMap<AnySession, string[]>();

export function recordSources(
  text: string,
  sessions: readonly AnySession[],
  readFrom: readonly { session: AnySession; draft: DraftSession }[],
): void {
  const byKey = new Map<string, string[]>();
  for (const { session, draft } of readFrom) {
    const pieces = sourcePieces(text, draft.spans).map((span) => text.slice(span.from, span.to).trim());
    byKey.set(sessionKey(session), [...(byKey.get(sessionKey(session)) ?? []), ...pieces]);
  }
  for (const session of sessions) sources.set(session, [...new Set(byKey.get(sessionKey(session)) ?? [])]);
}

export function weeklyOnly(parsed: ParsedSchedule): ParsedSchedule {
  const sessions: Session[] = [];
  const moved: string[] = [];
  const reasons: string[] = [];
  const move = (session: AnySession, reason: string) => {
    const written = sources.get(session);
    moved.push(...(written && written.length > 0 ? written : [formatOne(session)]));
    reasons.push(reason);
  };
  for (const session of parsed.sessions) {
    const reason = notWeekly(session);
    if (reason) move(session, reason);
    else sessions.push(session);
  }
  for (const session of parsed.untimed ?? []) move(session, notWeekly(session) ?? timeNotListed(session));
  const unparsed = [...new Set([...parsed.unparsed, ...moved])];
  const review = [...new Set([...(parsed.review ?? []), ...reasons])];
  return {
    sessions,
    unparsed,
    noOpenMat: parsed.noOpenMat,
    ...(review.length > 0 ? { review } : {}),
  };
}

/** A session that did not come from parseSchedule (stored, or copied): its canonical text. */
function formatOne(session: AnySession): string {
  return session.start === null
    ? formatSchedule({ sessions: [], untimed: [session] })
    : formatSchedule({ sessions: [session] });
}

const ORDINAL_WORDS: Readonly<Record<Ordinal, string>> = {
  1: "1st",
  2: "2nd",
  3: "3rd",
  4: "4th",
  5: "5th",
  [-1]: "last",
};

function ordinalWords(ordinals: readonly Ordinal[]): string {
  const words = ordinals.map((ordinal) => ORDINAL_WORDS[ordinal]);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Why a session is not a plain weekly one, or null when it is. */
function notWeekly(session: AnySession): string | null {
  const day = FULL_DAY_NAMES[session.weekday];
  if (session.date) {
    return `dated: ${day}, ${formatDate(session.date)} — not listed until dated sessions are supported`;
  }
  if (session.ordinals && session.ordinals.length > 0) {
    return `monthly: ${ordinalWords(session.ordinals)} ${day} — not listed until monthly sessions are supported`;
  }
  if (session.from || session.until) {
    const from = session.from ? ` from ${formatDate(session.from)}` : "";
    const until = session.until ? ` until ${formatDate(session.until)}` : "";
    return `seasonal: ${day}${from}${until} — not listed until seasonal sessions are supported`;
  }
  return null;
}

function timeNotListed(session: UntimedSession): string {
  return `time not listed: ${FULL_DAY_NAMES[session.weekday]} — not listed until sessions without a time are supported`;
}
