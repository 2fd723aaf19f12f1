// What the check-in rows need at the hour of the run, on a copy of a (possibly cached)
// check-in database: bun bench/seed-open-now.ts FILE ACTIVE_MEMBERS OPEN_SCHOOLS
// OPEN_SCHOOLS schools open now and ACTIVE_MEMBERS members signed in (bench/lib/run-sessions.ts).
// Prints JSON: the cookies, the members' ids and the open schools' positions.
import { openNow } from "./lib/run-sessions";

const [file, active, open] = process.argv.slice(2);
if (!file || !active || !open)
  throw new Error("usage: bun bench/seed-open-now.ts FILE ACTIVE_MEMBERS OPEN_SCHOOLS");
console.log(JSON.stringify(await openNow(file, Number(active), Number(open))));
