import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { openMatSubmissions, schools, users } from "../../../db/schema";

/**
 * The community's size at a scrape, in one statement: members, schools and submissions
 * waiting for review (that one by its status index).
 */
export async function communityCounts(
  db: Db,
): Promise<{ members: number; schools: number; pendingSubmissions: number }> {
  const [row] = await db.all<{ members: number; schools: number; pending: number }>(sql`
    SELECT (SELECT count(*) FROM ${users}) AS members,
           (SELECT count(*) FROM ${schools}) AS schools,
           (SELECT count(*) FROM ${openMatSubmissions} WHERE ${openMatSubmissions.status} = 'pending') AS pending`);
  return {
    members: Number(row?.members ?? 0),
    schools: Number(row?.schools ?? 0),
    pendingSubmissions: Number(row?.pending ?? 0),
  };
}
