import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobLeases } from "../../db/schema";
import { takeJobLease } from "./queries";

/**
 * Runs `work` on the one copy that takes the lease `name`; any other copy asking meanwhile
 * gets `undefined` at once and goes on without it. For work at start that must not run
 * twice at once, such as loading the demo data into an empty database when several copies
 * start together. The lease is handed back when `work` ends; if the copy dies first, it
 * runs out after `holdMs` and the next start takes it (and finds the work half done, which
 * the work must be ready for).
 */
export async function onOneCopy<T>(
  db: Db,
  name: string,
  now: Date,
  holdMs: number,
  work: () => Promise<T>,
): Promise<T | undefined> {
  if (!(await takeJobLease(db, name, now, new Date(now.getTime() + holdMs)))) return undefined;
  try {
    return await work();
  } finally {
    await db
      .update(jobLeases)
      .set({ leasedUntil: new Date(0) })
      .where(eq(jobLeases.name, name));
  }
}
