import { asc } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { schools } from "../../../db/schema";

/** Every school's point and name: the set the live map's pins are made of (/api/schools/pins). */
export const schoolPoints = (db: Db) =>
  db
    .select({ id: schools.id, name: schools.gym, lat: schools.latitude, lng: schools.longitude })
    .from(schools)
    .orderBy(asc(schools.id));
