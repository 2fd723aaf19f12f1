// Session cookies for the feed rows and the member soak, per run on a copy of a (possibly
// cached) database: bun bench/seed-signed-in.ts FILE SIGNED_IN
// The SIGNED_IN members are spread evenly over the members by id (bench/lib/run-sessions.ts).
// Prints JSON: the cookies and the members' ids.
import { signInSpread } from "./lib/run-sessions";

const [file, signedIn] = process.argv.slice(2);
if (!file || !signedIn) throw new Error("usage: bun bench/seed-signed-in.ts FILE SIGNED_IN");
console.log(JSON.stringify(await signInSpread(file, Number(signedIn))));
