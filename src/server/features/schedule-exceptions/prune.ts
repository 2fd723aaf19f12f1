import type { Db } from "../../../db/client";
import { bumpSchoolsVersionIfChanged, schoolsChanged } from "../schools/service";
import * as q from "./queries";
import { addDays } from "./shared";

/**
 * How long an exception is kept after its day (and the day its open mat moved to): the
 * school page, the calendar and the bell look back less than this.
 */
export const EXCEPTION_KEPT_DAYS = 30;

/**
 * The periodic prune of old exceptions (pruneJob "schedule_exceptions", leased: one copy runs
 * it). An exception goes once its dates are more than EXCEPTION_KEPT_DAYS past in every zone:
 * local dates are at most a day behind UTC's, so the cut is a day earlier than UTC's today
 * minus the days kept. The schools version moves in the same batch, only when rows went.
 */
export async function pruneOldExceptions(db: Db, now: Date, limit: number): Promise<number> {
  const before = addDays(now.toISOString().slice(0, 10), -(EXCEPTION_KEPT_DAYS + 1));
  schoolsChanged(db);
  const [deleted] = await db.batch([
    q.pruneExceptionsBefore(db, before, limit),
    bumpSchoolsVersionIfChanged(db),
  ]);
  schoolsChanged(db);
  return deleted.rowsAffected;
}
