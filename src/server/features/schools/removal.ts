/**
 * An operator removes a school (`openmat admin schools remove`): the school and everything
 * that hangs on it by its foreign keys (sessions, exceptions, check-ins and their posts,
 * saves, ratings, "going", owners and claims, history, feedback) go in one batch with the
 * schools version's bump and an audit row holding the listing as it was. Submissions that
 * became the school keep their row (school_id set null). There is no removal on the web yet;
 * this is the one service a route would call.
 */
import { count, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  checkins,
  favorites,
  feedback,
  occurrenceGoing,
  openMatSessions,
  schoolOwners,
  schoolRatings,
  schools,
} from "../../../db/schema";
import { auditStatement } from "../../audit/log";
import { bumpSchoolsVersion, findSchoolById, findSchoolBySlug, type SchoolRow } from "./queries";
import { schoolsChanged } from "./schools-version";

/** A school by id (digits) or slug; undefined when none has it. */
export function findSchoolByRef(db: Db, ref: string): Promise<SchoolRow | undefined> {
  const text = ref.trim();
  return /^\d{1,15}$/.test(text) ? findSchoolById(db, Number(text)) : findSchoolBySlug(db, text);
}

const countWhere = async (db: Db, table: typeof checkins | typeof favorites, schoolId: number) =>
  (await db.select({ n: count() }).from(table).where(eq(table.schoolId, schoolId)))[0]?.n ?? 0;

/** What hangs on the school and would go with it, counted. */
export async function schoolFootprint(db: Db, schoolId: number) {
  const counts = await Promise.all(
    [openMatSessions, checkins, favorites, schoolRatings, occurrenceGoing, schoolOwners, feedback].map(
      (table) => countWhere(db, table as typeof checkins, schoolId),
    ),
  );
  const [sessions = 0, checkinCount = 0, saves = 0, ratings = 0, going = 0, owners = 0, feedbackItems = 0] =
    counts;
  return { sessions, checkins: checkinCount, saves, ratings, going, owners, feedback: feedbackItems };
}

/** The listing as the audit row keeps it. */
const listing = (s: SchoolRow) => ({
  id: s.id,
  slug: s.slug,
  sourceKey: s.sourceKey,
  gym: s.gym,
  address: s.address,
  city: s.city,
  state: s.state,
  zipCode: s.zipCode,
  latitude: s.latitude,
  longitude: s.longitude,
  phone: s.phone,
  website: s.website,
  dayAndTime: s.dayAndTime,
  communityNotes: s.communityNotes,
  visitorRules: JSON.parse(s.visitorRules) as unknown,
});

/** Removes the school; false when another hand removed it first (nothing audited then). */
export async function removeSchool(db: Db, school: SchoolRow, now: Date): Promise<boolean> {
  const [removed] = await db.batch([
    db.delete(schools).where(eq(schools.id, school.id)).returning({ id: schools.id }),
    auditStatement(
      db,
      {
        actorId: null,
        action: "school.remove",
        subjectType: "school",
        subjectId: school.id,
        before: listing(school),
        after: { removed: true, via: "cli" },
        at: now,
      },
      sql`changes() = 1`,
    ),
    bumpSchoolsVersion(db),
  ]);
  schoolsChanged(db);
  return removed.length === 1;
}
