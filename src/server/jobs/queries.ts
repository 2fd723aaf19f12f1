import { eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobLeases } from "../../db/schema";

/**
 * Takes the job's lease until `until` in one statement: the row is created, or moved on
 * only when its lease has run out. True when this copy got it; every other copy asking
 * before `until` gets false, so a periodic job never runs twice at once.
 */
export async function takeJobLease(db: Db, name: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .insert(jobLeases)
    .values({ name, leasedUntil: until })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { leasedUntil: until },
      setWhere: lte(jobLeases.leasedUntil, now),
    })
    .returning({ name: jobLeases.name });
  return rows.length > 0;
}

/** When the job's current lease runs out (undefined if it never ran). */
export async function jobLeasedUntil(db: Db, name: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ leasedUntil: jobLeases.leasedUntil })
    .from(jobLeases)
    .where(eq(jobLeases.name, name));
  return row?.leasedUntil;
}

export const recordJobRun = (db: Db, name: string, startedAt: Date) =>
  db.update(jobLeases).set({ lastRunAt: startedAt }).where(eq(jobLeases.name, name));
