// Session cookies for the feed rows, per run on a copy of a (possibly cached) feed database:
// bun bench/seed-signed-in.ts FILE SIGNED_IN
// The SIGNED_IN members are spread evenly over the members by id (and so over
// bench/seed-posts.ts's popularity order, a shuffle), so their feeds differ.
// Prints JSON: the cookies and the members' ids.
import { openDatabase } from "../src/db/client";
import { createSession } from "../src/server/features/auth/sessions";

const [file, signedIn] = process.argv.slice(2);
if (!file || !signedIn) throw new Error("usage: bun bench/seed-signed-in.ts FILE SIGNED_IN");
const SIGNED_IN = Number(signedIn);

const database = await openDatabase(`file:${file}`);
const ids = (await database.client.execute("SELECT id FROM users ORDER BY id")).rows.map((r) => Number(r.id));
const cookies: string[] = [];
const memberIds: number[] = [];
for (let k = 0; k < SIGNED_IN; k++) {
  const id = ids[Math.floor(((k + 0.5) * ids.length) / SIGNED_IN)] as number;
  const { token } = await createSession(database.db, id, new Date());
  cookies.push(`om_session=${token}`);
  memberIds.push(id);
}
await database.close();
console.log(JSON.stringify({ cookies, memberIds }));
