import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { appMeta, schools } from "../../../db/schema";
import { type GazetteerCity, generateDemoSchools } from "../../../db/seed/demo-schools";
import { type IngestDeps, insertSchools } from "./ingest";
import { countDemoSchools, deleteDemoSchools } from "./queries";

const SEEDED_KEY = "demo_seeded_at";

/**
 * Loads the demo schools once per database. The mark stays after `openmat demo --remove`,
 * so removed demo data does not come back at the next start.
 */
export async function seedDemoSchoolsOnce(deps: IngestDeps, cities: () => GazetteerCity[]): Promise<number> {
  const seeded = await deps.db.query.appMeta.findFirst({ where: eq(appMeta.key, SEEDED_KEY) });
  if (seeded) return 0;
  const count = await insertSchools(deps, generateDemoSchools(cities()));
  await deps.db
    .insert(appMeta)
    .values({ key: SEEDED_KEY, value: deps.now().toISOString() })
    .onConflictDoNothing();
  return count;
}

export async function removeDemoSchools(db: Db): Promise<number> {
  const count = await countDemoSchools(db);
  await deleteDemoSchools(db);
  return count;
}

/** Cheap enough per page render: one indexed probe. */
export async function hasDemoSchools(db: Db): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(schools)
    .where(eq(schools.isDemo, true))
    .limit(1);
  return rows.length > 0;
}
