// Fills a database with N generated schools (the demo generator at a larger size), for the
// school benchmarks: bun bench/seed-schools.ts FILE N
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { generateDemoSchools } from "../src/db/seed/demo-schools";
import { loadGazetteer } from "../src/server/features/geo/gazetteer";
import { timeZoneAt } from "../src/server/features/geo/time-zone";
import { addDemoVisitorRules } from "../src/server/features/schools/demo-rules";
import { insertSchools } from "../src/server/features/schools/ingest";

const [file, count] = process.argv.slice(2);
if (!file || !count) throw new Error("usage: bun bench/seed-schools.ts FILE N");
const database = await openDatabase(`file:${file}`);
await migrate(database.client);
const drafts = generateDemoSchools(loadGazetteer().cities, Number(count));
await insertSchools({ db: database.db, now: () => new Date(), timeZoneAt }, drafts);
// The demo set's fictional visitor rules, so the rule filters' rows select a real share.
await addDemoVisitorRules(database.db);
// Marked as seeded, so the server does not add the demo set (schools, community) on top.
await database.client.execute(
  "INSERT OR IGNORE INTO app_meta (key, value) VALUES ('demo_seeded_at', 'bench'), ('demo_community_seeded_at', 'bench')",
);
await database.close();
console.log(JSON.stringify({ schools: drafts.length }));
