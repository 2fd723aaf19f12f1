import { and, eq, type SQL, sql } from "drizzle-orm";
import type { CommunityNote } from "../../../common/schemas/school";
import type { VisitorRules } from "../../../common/schemas/visitor-rules";
import type { Db } from "../../../db/client";
import { schools } from "../../../db/schema";
import { type EditSource, editStatement, listedFields } from "../school-history/service";
import { type SchoolRow, VERSION_KEY } from "./queries";
import { schoolsChanged } from "./schools-version";
import { readSchedule, scheduleDayFlags, sessionRows, untimedColumn } from "./session-rows";

/** An admin's correction of a school's listed fields; `place` only when the address moved. */
export interface SchoolCorrection {
  gym: string;
  address: string;
  dayAndTime: string;
  website: string | null;
  place: { latitude: number; longitude: number; city: string; state: string } | null;
  /** A community note to publish on the school with the correction. */
  note: CommunityNote | null;
  /** The school's visitor rules as a whole (issue 21); absent: left as they are. */
  visitorRules?: VisitorRules;
}

/**
 * The statements that correct a school (its fields, its sessions re-read from the
 * schedule text, the published note, and the schools version so pins, search and lists
 * rebuild, the edit history's entry), each written only when `onlyIf` holds: the caller
 * claims its own row in the same `db.batch`, after these, so a second claim corrects nothing.
 * A changed schedule text becomes `by`'s (where the schedule came from, and since when).
 */
export function correctSchool(
  db: Db,
  school: Pick<
    SchoolRow,
    | "id"
    | "latitude"
    | "longitude"
    | "city"
    | "state"
    | "timeZone"
    | "gym"
    | "address"
    | "website"
    | "dayAndTime"
    | "visitorRules"
  >,
  fix: SchoolCorrection,
  timeZoneAt: (latitude: number, longitude: number) => string,
  now: Date,
  onlyIf: SQL,
  by: { source: EditSource; userId: number | null } = { source: "admin", userId: null },
) {
  // This copy's cached pages and lists ask the version again rather than wait out their second.
  schoolsChanged(db);
  const parsed = readSchedule(fix.dayAndTime, now);
  const place = fix.place ?? school;
  const note = fix.note ? JSON.stringify(fix.note) : null;
  const after = {
    gym: fix.gym,
    address: fix.address,
    city: place.city,
    state: place.state.toUpperCase(),
    website: fix.website,
    dayAndTime: fix.dayAndTime,
    ...(fix.visitorRules ? { visitorRules: fix.visitorRules } : {}),
  };
  const edit = editStatement(
    db,
    {
      schoolId: school.id,
      userId: by.userId,
      source: by.source,
      before: { ...listedFields(school), visitorRules: JSON.parse(school.visitorRules) as VisitorRules },
      after,
      at: now,
    },
    onlyIf,
  );
  const update = db
    .update(schools)
    .set({
      gym: fix.gym,
      address: fix.address,
      city: place.city,
      state: place.state.toUpperCase(),
      location: `${place.city}, ${place.state.toUpperCase()}`,
      latitude: place.latitude,
      longitude: place.longitude,
      timeZone: fix.place ? timeZoneAt(place.latitude, place.longitude) : school.timeZone,
      website: fix.website,
      dayAndTime: fix.dayAndTime,
      ...(fix.visitorRules ? { visitorRules: JSON.stringify(fix.visitorRules) } : {}),
      scheduleUnparsed: JSON.stringify(parsed.unparsed),
      scheduleUntimed: untimedColumn(parsed),
      noOpenMat: parsed.noOpenMat,
      ...(school.dayAndTime === fix.dayAndTime ? {} : { scheduleSource: by.source, scheduleSourceAt: now }),
      ...scheduleDayFlags(parsed, now),
      ...(note ? { feedbackNotes: sql`json_insert(${schools.feedbackNotes}, '$[#]', json(${note}))` } : {}),
      updatedAt: now,
    })
    .where(and(eq(schools.id, school.id), onlyIf));
  // The new sessions go in first, each with the own visitor rules of the old one in its slot
  // (weekday, start, weeks or date); then the old ones (all but the newest ids) go.
  const rows = sessionRows(parsed);
  const sessions = rows.map((s) =>
    db.run(sql`INSERT INTO open_mat_sessions
        (school_id, weekday, start_minute, end_minute, notes, ordinals, on_date, season_from, season_until, review,
         visitor_rules)
      SELECT ${school.id}, ${s.weekday}, ${s.startMinute}, ${s.endMinute}, ${s.notes}, ${s.ordinals}, ${s.onDate},
        ${s.seasonFrom}, ${s.seasonUntil}, ${s.review},
        (SELECT visitor_rules FROM open_mat_sessions WHERE school_id = ${school.id} AND weekday = ${s.weekday}
          AND start_minute = ${s.startMinute} AND ordinals IS ${s.ordinals} AND on_date IS ${s.onDate}
          ORDER BY id LIMIT 1)
      WHERE ${onlyIf}`),
  );
  return [
    update,
    ...sessions,
    db.run(sql`DELETE FROM open_mat_sessions WHERE school_id = ${school.id} AND id NOT IN
      (SELECT id FROM open_mat_sessions WHERE school_id = ${school.id} ORDER BY id DESC LIMIT ${rows.length})
      AND ${onlyIf}`),
    ...(edit ? [edit] : []),
    db.run(sql`INSERT INTO app_meta (key, value, updated_at) SELECT ${VERSION_KEY}, '1', ${now.getTime()}
      WHERE ${onlyIf}
      ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1, updated_at = excluded.updated_at`),
  ] as const;
}
