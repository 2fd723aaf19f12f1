import type { Db } from "../../../db/client";
import { confirmationWritten } from "../schools/service";
import { confirmationWindowStart, confirmListing } from "./queries";

/**
 * What this copy knows of listings' freshness: for each session and school, a time their
 * stored confirmation is known to be at or after. An open mat draws its check-ins together,
 * and after the first of them the three freshness statements of each (confirmListing) find
 * nothing to write for the next hour: knowing it, the check-in leaves them out.
 *
 * The stored times only move forward (each write sets the time of a check-in or of an admin
 * who confirmed, and only over an older one), so a bound learnt from a committed batch stays
 * true. Another copy's writes only make it more true.
 */
interface Known {
  sessions: Map<number, number>;
  schools: Map<number, number>;
}

// Bounds memory on a copy with many schools: beyond it, what is known starts over.
const KEPT = 4096;
const knownByDb = new WeakMap<Db, Known>();

function knownOf(db: Db): Known {
  let known = knownByDb.get(db);
  if (!known) {
    known = { sessions: new Map(), schools: new Map() };
    knownByDb.set(db, known);
  }
  return known;
}

/**
 * The freshness statements a check-in at `at` needs: confirmListing's three, or none when
 * this copy knows both the session and the school were confirmed recently enough that each
 * of them would write nothing.
 */
export function confirmationStatements(db: Db, schoolId: number, sessionId: number, at: Date) {
  const known = knownOf(db);
  const since = confirmationWindowStart(at);
  if ((known.sessions.get(sessionId) ?? -1) >= since && (known.schools.get(schoolId) ?? -1) >= since)
    return [];
  return confirmListing(schoolId, sessionId, at);
}

type Counted = { rowsAffected?: number } | undefined;

/**
 * After the batch that held `confirmationStatements`' three committed, with their results
 * (none when they were left out): when the first moved the schools version (a school's first
 * confirmation of the day), this copy reads it again at once (`confirmationWritten`); and it
 * learns that each row either was written now (`at`) or already held a time within the window.
 */
export function confirmationsCommitted(
  db: Db,
  schoolId: number,
  sessionId: number,
  at: Date,
  results: readonly unknown[],
) {
  if (results.length < 3) return;
  const [touched, session, school] = results as Counted[];
  confirmationWritten(db, touched);
  const known = knownOf(db);
  const since = confirmationWindowStart(at);
  const learn = (map: Map<number, number>, id: number, written: Counted) => {
    if (map.size >= KEPT) map.clear();
    const bound = Number(written?.rowsAffected ?? 0) > 0 ? at.getTime() : since;
    map.set(id, Math.max(map.get(id) ?? -1, bound));
  };
  learn(known.sessions, sessionId, session);
  learn(known.schools, schoolId, school);
}
