import { eq, sql } from "drizzle-orm";
import type { ParsedSchedule, Session } from "../../../common/schedule/types";
import { sessionRuleKey, type VisitorRules } from "../../../common/schemas/visitor-rules";
import type { Db } from "../../../db/client";
import { openMatSessions, schoolEdits, schools } from "../../../db/schema";
import { changedFields, type EditSource, editStatement, listedFields } from "../school-history/service";
import { bumpSchoolsVersion, findSchoolBySourceKey, sessionsOf, slugTaken } from "./queries";
import { schoolsChanged } from "./schools-version";
import { readSchedule, scheduleDayFlags, sessionRows, untimedColumn } from "./session-rows";

/** A school ready to store: coordinates known, schedule still free text. */
export interface SchoolDraft {
  sourceKey?: string;
  gym: string;
  address: string;
  city: string;
  state: string;
  zipCode?: string | null;
  latitude: number;
  longitude: number;
  phone?: string | null;
  website?: string | null;
  dayAndTime: string;
  /** The schedule as already read (an import's own sessions); without it dayAndTime is read now. */
  schedule?: ParsedSchedule;
  /** Whether an admin confirmed this reading of dayAndTime; left as it was when absent. */
  scheduleConfirmed?: boolean;
  communityNotes?: string | null;
  /** The school's visitor rules as a whole (an import's); left as they are when absent. */
  visitorRules?: VisitorRules;
  isDemo?: boolean;
  /**
   * Who writes it, for where the schedule came from and the edit history: an import when
   * absent. The schedule's source moves to it when the school is new, when the schedule text
   * changes, or when the writer vouches for the schedule as it is (an approved submission).
   */
  by?: { source: EditSource; userId: number | null; vouches?: boolean };
}

const IMPORTED: NonNullable<SchoolDraft["by"]> = { source: "import", userId: null };

export interface IngestDeps {
  db: Db;
  now: () => Date;
  timeZoneAt: (latitude: number, longitude: number) => string;
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** The identity an import matches on when the row brings no key of its own. */
export const deriveSourceKey = (gym: string, address: string) => `${normalise(gym)}|${normalise(address)}`;

export function slugify(text: string): string {
  return normalise(text).replace(/\s+/g, "-").slice(0, 80).replace(/-+$/, "") || "school";
}

async function uniqueSlug(db: Db, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, candidate))) return candidate;
  }
}

function schoolValues(deps: IngestDeps, draft: SchoolDraft, parsed: ParsedSchedule, now: Date) {
  return {
    gym: draft.gym,
    location: `${draft.city}, ${draft.state}`,
    address: draft.address,
    city: draft.city,
    state: draft.state.toUpperCase(),
    zipCode: draft.zipCode ?? null,
    latitude: draft.latitude,
    longitude: draft.longitude,
    timeZone: deps.timeZoneAt(draft.latitude, draft.longitude),
    phone: draft.phone ?? null,
    website: draft.website ?? null,
    dayAndTime: draft.dayAndTime,
    scheduleUnparsed: JSON.stringify(parsed.unparsed),
    scheduleUntimed: untimedColumn(parsed),
    ...(draft.scheduleConfirmed === undefined
      ? {}
      : { scheduleConfirmedText: draft.scheduleConfirmed ? draft.dayAndTime : null }),
    noOpenMat: parsed.noOpenMat,
    communityNotes: draft.communityNotes ?? null,
    ...(draft.visitorRules ? { visitorRules: JSON.stringify(draft.visitorRules) } : {}),
    // No rating or reviewCount: they are the members' ratings' aggregate (issue 22), written by
    // the ratings feature alone; a new school starts with none and an update keeps its own.
    ...scheduleDayFlags(parsed, now),
    isDemo: draft.isDemo ?? false,
    updatedAt: now,
  };
}

/** The stored sessions' own visitor rules by slot (weekday, start, weeks or date). */
async function storedSessionRules(db: Db, schoolId: number): Promise<Map<string, string>> {
  const rows = await sessionsOf(db, [schoolId]);
  const kept = new Map<string, string>();
  for (const r of rows) {
    if (!r.visitorRules) continue;
    const ordinals = r.ordinals ? (JSON.parse(r.ordinals) as number[]) : null;
    kept.set(
      sessionRuleKey({ weekday: r.weekday, start: r.startMinute, ordinals, date: r.onDate }),
      r.visitorRules,
    );
  }
  return kept;
}

/** A session's own rules as stored: as the draft gives them (`{}` is none), else those its slot held. */
function sessionRulesColumn(session: Session | undefined, kept: Map<string, string>): string | null {
  if (!session) return null;
  if (session.rules) return Object.keys(session.rules).length ? JSON.stringify(session.rules) : null;
  return kept.get(sessionRuleKey(session)) ?? null;
}

/**
 * Inserts or updates a school by its stable key and rebuilds its sessions from
 * the schedule text, in one batch. The slug is kept once given, so links live on.
 */
export async function upsertSchool(
  deps: IngestDeps,
  draft: SchoolDraft,
): Promise<{ id: number; action: "added" | "updated" }> {
  const { db } = deps;
  const sourceKey = draft.sourceKey ?? deriveSourceKey(draft.gym, draft.address);
  const now = deps.now();
  const parsed = draft.schedule ?? readSchedule(draft.dayAndTime, now);
  const by = draft.by ?? IMPORTED;
  const existing = await findSchoolBySourceKey(db, sourceKey);
  const sourced = !existing || existing.dayAndTime !== draft.dayAndTime || by.vouches === true;
  const values = {
    ...schoolValues(deps, draft, parsed, now),
    ...(sourced ? { scheduleSource: by.source, scheduleSourceAt: now } : {}),
  };
  const slug = existing?.slug ?? (await uniqueSlug(db, slugify(`${draft.gym} ${draft.city} ${draft.state}`)));
  // One batch, not a transaction: an open transaction would hold the client's connection
  // across awaits. New sessions find their school by its unique source key.
  const schoolId = existing ? existing.id : sql`(SELECT id FROM schools WHERE source_key = ${sourceKey})`;
  // A session keeps its own visitor rules through a rebuild unless the draft gives them.
  const kept = existing ? await storedSessionRules(db, existing.id) : new Map<string, string>();
  const rows = sessionRows(parsed).map((row, i) => ({
    ...row,
    schoolId,
    visitorRules: sessionRulesColumn(parsed.sessions[i], kept),
  }));
  const rules = draft.visitorRules
    ? {
        before: existing ? (JSON.parse(existing.visitorRules) as VisitorRules) : {},
        after: draft.visitorRules,
      }
    : null;
  const edit = editStatement(db, {
    schoolId,
    userId: by.userId,
    source: by.source,
    before: { ...(existing ? listedFields(existing) : {}), ...(rules && { visitorRules: rules.before }) },
    after: { ...listedFields(values), ...(rules && { visitorRules: rules.after }) },
    at: now,
  });
  const [written] = await db.batch([
    existing
      ? db.update(schools).set(values).where(eq(schools.id, existing.id)).returning({ id: schools.id })
      : db
          .insert(schools)
          .values({ ...values, slug, sourceKey, createdAt: now, lastVerifiedAt: draft.isDemo ? null : now })
          .returning({ id: schools.id }),
    ...(existing ? [db.delete(openMatSessions).where(eq(openMatSessions.schoolId, existing.id))] : []),
    ...(rows.length ? [db.insert(openMatSessions).values(rows)] : []),
    ...(edit ? [edit] : []),
    bumpSchoolsVersion(db),
  ]);
  const id = written[0]?.id;
  if (id === undefined) throw new Error("the school was not written");
  const result = { id, action: existing ? ("updated" as const) : ("added" as const) };
  schoolsChanged(db);
  return result;
}

const BULK_CHUNK = 200;

/** Inserts many new schools in one batch (demo data, generated benchmark sets). */
export async function insertSchools(deps: IngestDeps, drafts: SchoolDraft[]): Promise<number> {
  const now = deps.now();
  const slugs = new Set<string>();
  const prepared: { parsed: ParsedSchedule; row: typeof schools.$inferInsert }[] = [];
  for (const draft of drafts) {
    const parsed = readSchedule(draft.dayAndTime, now);
    let slug = slugify(`${draft.gym} ${draft.city} ${draft.state}`);
    for (let n = 2; slugs.has(slug) || (await slugTaken(deps.db, slug)); n++) {
      slug = `${slugify(`${draft.gym} ${draft.city} ${draft.state}`)}-${n}`;
    }
    slugs.add(slug);
    const sourceKey = draft.sourceKey ?? deriveSourceKey(draft.gym, draft.address);
    prepared.push({
      parsed,
      row: {
        ...schoolValues(deps, draft, parsed, now),
        scheduleSource: "import",
        scheduleSourceAt: now,
        slug,
        sourceKey,
        createdAt: now,
      },
    });
  }
  const { db } = deps;
  const statements = [];
  for (let i = 0; i < prepared.length; i += BULK_CHUNK) {
    const chunk = prepared.slice(i, i + BULK_CHUNK);
    statements.push(db.insert(schools).values(chunk.map((p) => p.row)));
    // Each imported school's first history entry: every listed field, from nothing.
    statements.push(
      db.insert(schoolEdits).values(
        chunk.map((p) => ({
          schoolId: sql`(SELECT id FROM schools WHERE source_key = ${p.row.sourceKey})`,
          userId: null,
          source: "import" as const,
          changes: JSON.stringify(changedFields({}, listedFields(p.row))),
          createdAt: now,
        })),
      ),
    );
    const sessions = chunk.flatMap((p) =>
      sessionRows(p.parsed).map((row) => ({
        ...row,
        schoolId: sql`(SELECT id FROM schools WHERE source_key = ${p.row.sourceKey})`,
      })),
    );
    for (let j = 0; j < sessions.length; j += BULK_CHUNK) {
      statements.push(db.insert(openMatSessions).values(sessions.slice(j, j + BULK_CHUNK)));
    }
  }
  await db.batch([bumpSchoolsVersion(db), ...statements]);
  schoolsChanged(deps.db);
  return prepared.length;
}
