import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { prepared } from "../../../db/prepared";
import { openMatSessions, schools } from "../../../db/schema";
import type { SchoolRow, SessionRow } from "./queries";

/*
 * The statements the read paths run on every cache miss, prepared once per database: the
 * query builder cost more than running them. Id lists travel as one JSON parameter
 * (`json_each`), so one statement text serves any number of ids, below any variable limit.
 */

const idsParam = sql`(SELECT value FROM json_each(${sql.placeholder("ids")}))`;

/** Every school's id and position (the spatial index; the latitude index covers it). */
export async function schoolPositions(db: Db) {
  const result = await db.$client.execute("SELECT id, latitude, longitude FROM schools");
  return result.rows.map((r) => ({
    id: Number(r[0]),
    latitude: Number(r[1]),
    longitude: Number(r[2]),
  }));
}

export const schoolsWithIds = (db: Db, ids: readonly number[]): Promise<SchoolRow[]> =>
  prepared(db, "schools.byIds", (d) =>
    d.select().from(schools).where(sql`${schools.id} IN ${idsParam}`).prepare(),
  ).all({ ids: JSON.stringify(ids) });

/** The sessions of these schools, each school's by weekday and start. */
export const sessionsOfIds = (db: Db, ids: readonly number[]): Promise<SessionRow[]> =>
  prepared(db, "sessions.bySchoolIds", (d) =>
    d
      .select()
      .from(openMatSessions)
      .where(sql`${openMatSessions.schoolId} IN ${idsParam}`)
      .orderBy(asc(openMatSessions.schoolId), asc(openMatSessions.weekday), asc(openMatSessions.startMinute))
      .prepare(),
  ).all({ ids: JSON.stringify(ids) });

export const schoolWithSlug = (db: Db, slug: string): Promise<SchoolRow | undefined> =>
  prepared(db, "schools.bySlug", (d) =>
    d
      .select()
      .from(schools)
      .where(eq(schools.slug, sql.placeholder("slug")))
      .prepare(),
  ).get({ slug });

export const schoolWithId = (db: Db, id: number): Promise<SchoolRow | undefined> =>
  prepared(db, "schools.byId", (d) =>
    d
      .select()
      .from(schools)
      .where(eq(schools.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
