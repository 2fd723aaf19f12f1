/** Order and identity of parsed sessions: what makes two readings the same session. */
import type { Session, UntimedSession } from "./types.ts";
import { NOTE } from "./vocabulary.ts";

type AnySession = Session | UntimedSession;

/** Weekday, start, end, and which weeks or dates: sessions equal in these are one session. */
export function sessionKey(session: AnySession): string {
  const { weekday, start, end, ordinals, date, from, until } = session;
  return [weekday, start, end, ordinals?.join(",") ?? "", date ?? "", from ?? "", until ?? ""].join("|");
}

/** Sunday first, then start (a day with no time first), end, then the rest of the key. */
export function compareSessions(a: AnySession, b: AnySession): number {
  const minutes = (value: number | null) => value ?? -1;
  return (
    a.weekday - b.weekday ||
    minutes(a.start) - minutes(b.start) ||
    minutes(a.end) - minutes(b.end) ||
    (sessionKey(a) < sessionKey(b) ? -1 : sessionKey(a) > sessionKey(b) ? 1 : 0)
  );
}

/**
 * Same key is one session: its notes are pooled. Reasons to check it stay only if every
 * writing of it gave one ("Sat 11" beside "Sat 11am" needs no check). Sorted for stable output.
 */
export function mergeSessions<T extends AnySession>(sessions: T[]): T[] {
  const byKey = new Map<string, T>();
  for (const session of sessions) {
    const key = sessionKey(session);
    const existing = byKey.get(key);
    if (!existing) {
      byKey.set(key, { ...session, notes: [...session.notes] });
      continue;
    }
    existing.notes.push(...session.notes);
    // Each reason quotes its own writing ("12-1am" and "12-1am." give two): both are kept
    // when both writings were in doubt; one sure writing settles it.
    if (existing.review?.length && session.review?.length)
      existing.review = [...new Set([...existing.review, ...session.review])];
    else delete existing.review;
  }
  return [...byKey.values()]
    .map((session) => ({ ...session, notes: tidyNotes(session.notes) }))
    .sort(compareSessions);
}

/** Drops repeats, and the bare 'Fee' when the amount is also given ("drop-in $15"). */
export function tidyNotes(notes: string[]): string[] {
  const unique = [...new Set(notes)];
  const hasAmount = unique.some((note) => note.startsWith("$"));
  return hasAmount ? unique.filter((note) => note !== NOTE.fee) : unique;
}
