import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { appMeta } from "../../../db/schema";
import { type GazetteerCity, generateDemoSchools } from "../../../db/seed/demo-schools";
import { addDemoVisitorRules } from "./demo-rules";
import { type IngestDeps, insertSchools } from "./ingest";
import { countDemoSchools, deleteDemoSchools } from "./queries";
import { schoolsChanged } from "./schools-version";
import { perSchoolsVersion } from "./version-cache";

const SEEDED_KEY = "demo_seeded_at";

/**
 * Loads the demo schools once per database. The mark stays after `openmat demo --remove`,
 * so removed demo data does not come back at the next start.
 */
export async function seedDemoSchoolsOnce(deps: IngestDeps, cities: () => GazetteerCity[]): Promise<number> {
  const seeded = await deps.db.query.appMeta.findFirst({ where: eq(appMeta.key, SEEDED_KEY) });
  if (seeded) return 0;
  const count = await insertSchools(deps, generateDemoSchools(cities()));
  await addDemoVisitorRules(deps.db);
  await deps.db
    .insert(appMeta)
    .values({ key: SEEDED_KEY, value: deps.now().toISOString() })
    .onConflictDoNothing();
  return count;
}

export async function removeDemoSchools(db: Db): Promise<number> {
  const count = await countDemoSchools(db);
  await deleteDemoSchools(db);
  schoolsChanged(db);
  return count;
}

const demoFlags = new WeakMap<Db, () => Promise<boolean>>();

/**
 * Whether any demo school is listed: asked by every page render, so it is kept per schools
 * version (one indexed probe when the version changes, no round trip otherwise).
 */
export function hasDemoSchools(db: Db): Promise<boolean> {
  let flag = demoFlags.get(db);
  if (!flag) {
    flag = perSchoolsVersion(db, async () => {
      const result = await db.$client.execute("SELECT 1 FROM schools WHERE is_demo = 1 LIMIT 1");
      return result.rows.length > 0;
    });
    demoFlags.set(db, flag);
  }
  return flag();
}
