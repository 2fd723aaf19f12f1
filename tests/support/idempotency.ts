import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client";
import { idempotent } from "../../src/server/http/idempotency";

/**
 * Two copies whose requests both passed the lookup before either wrote: each batch tries
 * to record the key, the second is refused whole and answers the first's row.
 */
export async function raceOnOneKey(dbs: Db[], memberId: number, keyName: string) {
  let arrived = 0;
  let allIn: () => void = () => {};
  const barrier = new Promise<void>((resolve) => {
    allIn = resolve;
  });
  const key = { memberId, scope: "race", key: keyName };
  return Promise.all(
    dbs.map((db, i) =>
      idempotent(db, key, new Date(), {
        status: 201,
        replay: async (id) => ({ id, by: "replay" }),
        async create(record) {
          if (++arrived === dbs.length) allIn();
          await barrier;
          const [rows] = await db.batch([
            db.all<{ id: number }>(sql`INSERT INTO posts (user_id, kind, content, visibility, created_at)
              VALUES (${memberId}, 'post', ${`${keyName} ${i}`}, 'Public', ${Date.now()}) RETURNING id`),
            ...record,
          ]);
          return { id: Number(rows[0]?.id), by: `copy ${i}` };
        },
      }),
    ),
  );
}
