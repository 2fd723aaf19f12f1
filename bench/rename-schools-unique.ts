// Gives every school of a bench database a name of its own, as real listings have (issue 25's
// pins row): "<gym> <city>", and a number after a second one of the same name in the same city.
//   bun bench/rename-schools-unique.ts FILE
import { createClient } from "@libsql/client";

const [file] = process.argv.slice(2);
if (!file) throw new Error("usage: bun bench/rename-schools-unique.ts FILE");
const client = createClient({ url: `file:${file}` });
await client.batch(
  [
    `UPDATE schools SET gym = (SELECT name FROM (
      SELECT id, gym || ' ' || city || CASE WHEN n > 1 THEN ' ' || n ELSE '' END AS name
      FROM (SELECT id, gym, city, row_number() OVER (PARTITION BY gym, city ORDER BY id) AS n FROM schools)
    ) named WHERE named.id = schools.id)`,
    `INSERT INTO app_meta (key, value, updated_at) VALUES ('schools_version', '1', ${Date.now()})
      ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1, updated_at = excluded.updated_at`,
  ],
  "write",
);
const { rows } = await client.execute("SELECT count(*), count(DISTINCT gym) FROM schools");
client.close();
console.log(JSON.stringify({ schools: Number(rows[0]?.[0]), names: Number(rows[0]?.[1]) }));
