import { hasOpenMatToday, isOpenMatNow } from "../../../common/schedule/open-now";
import type { Db } from "../../../db/client";
import { exceptionsBySchool } from "./exceptions";
import { allSessionsWithZones } from "./queries";
import { currentSchoolsVersion } from "./schools-version";
import { toSession } from "./session-rows";

/**
 * Ids of schools with an open mat now (or any time today), each judged in its own time
 * zone, cancellations honoured. Every school's sessions are read, so the answer is kept for a
 * minute (while the schools version stays).
 */
export function createOpenNowIndex(db: Db) {
  const cache = new Map<string, { at: number; version: string; ids: number[] }>();
  return async (when: "now" | "today", now: Date): Promise<number[]> => {
    // A cancellation moves the version: it is honoured at once, not a minute later.
    const version = await currentSchoolsVersion(db);
    const hit = cache.get(when);
    if (hit && hit.version === version && now.getTime() - hit.at < 60_000) return hit.ids;
    const [rows, exceptions] = await Promise.all([allSessionsWithZones(db), exceptionsBySchool(db)]);
    const bySchool = Map.groupBy(rows, (r) => r.schoolId);
    const ids: number[] = [];
    for (const [schoolId, sessions] of bySchool) {
      const zone = sessions[0]?.timeZone ?? "UTC";
      const list = sessions.map((s) => toSession(s));
      const cancelled = exceptions.get(schoolId) ?? [];
      const open =
        when === "now"
          ? isOpenMatNow(list, zone, now, cancelled)
          : hasOpenMatToday(list, zone, now, cancelled);
      if (open) ids.push(schoolId);
    }
    cache.set(when, { at: now.getTime(), version, ids });
    return ids;
  };
}
