// Adds check-ins to a bench database that already has members (bench/seed-members.ts):
// bun bench/seed-checkins.ts FILE PER_MEMBER [ACTIVE_MEMBERS OPEN_SCHOOLS]
// Every member gets PER_MEMBER verified check-ins (each on a past day of its own, at random
// schools), through bench/lib/bulk-insert.ts (one transaction, a prepared multi-row INSERT,
// the triggers set aside): 500,000 at the 1x size, 5,000,000 at BENCH_SCALE=10. What depends
// on the hour of the run (schools open now, sessions) is bench/seed-open-now.ts's, so the
// file this makes can be cached; given ACTIVE_MEMBERS and OPEN_SCHOOLS, this script does that
// too (bench/checkin-write.ts). Prints JSON: the counts (and the cookies and open schools).
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { openBulk } from "./lib/bulk-insert";
import { openNow } from "./lib/run-sessions";

const [file, perMember] = process.argv.slice(2);
if (!file || !perMember) {
  throw new Error("usage: bun bench/seed-checkins.ts FILE PER_MEMBER [ACTIVE_MEMBERS OPEN_SCHOOLS]");
}
const [active, open] = process.argv.slice(4);
const PER_MEMBER = Number(perMember);

let state = 0x51ed270b;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
}

const database = await openDatabase(`file:${file}`);
await migrate(database.client);
await database.close();

const bulk = openBulk(file);
const userIds = bulk.db
  .query("SELECT id FROM users ORDER BY id")
  .values()
  .map((r) => Number(r[0]));
const schoolIds = bulk.db
  .query("SELECT id FROM schools ORDER BY id")
  .values()
  .map((r) => Number(r[0]));
const day0 = Date.UTC(2020, 0, 1);
const checkins = bulk.sink(
  "INSERT INTO checkins (user_id, school_id, checked_in_at, local_date, verified, distance_meters)",
  6,
);
const dates = Array.from({ length: PER_MEMBER }, (_, k) =>
  new Date(day0 + k * 86_400_000).toISOString().slice(0, 10),
);
for (const userId of userIds) {
  for (let k = 0; k < PER_MEMBER; k++) {
    const schoolId = schoolIds[Math.floor(random() * schoolIds.length)] as number;
    checkins.add([userId, schoolId, day0 + k * 86_400_000 + 18 * 3_600_000, dates[k] as string, 1, 3.5]);
  }
}
const count = checkins.end();
bulk.close();

const now = active && open ? await openNow(file, Number(active), Number(open)) : {};
console.log(JSON.stringify({ members: userIds.length, checkins: count, ...now }));
