import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { BADGE_DEFINITIONS, type BadgeCriteria, type BadgeMetrics } from "../../../common/badges";
import type { Tx } from "../../../db/client";
import { rawStatement } from "../../../db/raw-statement";
import { badgeAwards } from "../../../db/schema";

export type AwardRow = typeof badgeAwards.$inferSelect;

/** A member holds at most one award per code, so this many covers every list. */
export const AWARDS_MAX = 100;

/** The first letter A–Z of a gym's name (leading spaces dropped), else null. */
const firstLetter = sql`CASE WHEN upper(substr(ltrim(s.gym), 1, 1)) BETWEEN 'A' AND 'Z'
  THEN upper(substr(ltrim(s.gym), 1, 1)) END`;

/**
 * The four badge metrics from a member's verified check-ins, in one aggregate over the
 * member's rows (index checkins_user_time), with the letters covered so far.
 */
export async function badgeMetrics(
  db: Tx,
  userId: number,
): Promise<BadgeMetrics & { alphabetLetters: string[] }> {
  const row = await db.get<{
    total: number | null;
    gyms: number | null;
    states: number | null;
    letters: string | null;
  }>(sql`SELECT count(*) AS total, count(DISTINCT c.school_id) AS gyms,
      count(DISTINCT upper(trim(s.state))) AS states, group_concat(DISTINCT ${firstLetter}) AS letters
    FROM checkins c JOIN schools s ON s.id = c.school_id
    WHERE c.user_id = ${userId} AND c.verified = 1`);
  return metricsOf(row?.total, row?.gyms, row?.states, row?.letters);
}

function metricsOf(total: unknown, gyms: unknown, states: unknown, lettersText: unknown) {
  const letters = String(lettersText ?? "")
    .split(",")
    .filter(Boolean)
    .sort();
  return {
    totalCheckins: Number(total ?? 0),
    uniqueGyms: Number(gyms ?? 0),
    uniqueStates: Number(states ?? 0),
    alphabetProgress: letters.length,
    alphabetLetters: letters,
  };
}

/** badgeMetrics as an SQL value (a JSON array), for a page's one statement (`user`: the member). */
export const badgeMetricsJson = (user: SQL) =>
  sql`(SELECT json_array(count(*), count(DISTINCT c.school_id), count(DISTINCT upper(trim(s.state))),
      group_concat(DISTINCT ${firstLetter}))
    FROM checkins c JOIN schools s ON s.id = c.school_id WHERE c.user_id = ${user} AND c.verified = 1)`;

export const badgeMetricsFromJson = (json: unknown) => {
  const [total, gyms, states, letters] = JSON.parse(String(json ?? "[]")) as unknown[];
  return metricsOf(total, gyms, states, letters);
};

/** awardsOf as an SQL value (a JSON array of rows), for a page's one statement. */
export const awardsJson = (user: SQL) =>
  sql`(SELECT json_group_array(json_array(id, badge_code, metric_value, awarded_at, celebrated_at)) FROM (
    SELECT id, badge_code, metric_value, awarded_at, celebrated_at FROM badge_awards
    WHERE user_id = ${user} ORDER BY awarded_at, id LIMIT ${AWARDS_MAX}))`;

export const awardsFromJson = (json: unknown, userId: number): AwardRow[] =>
  (JSON.parse(String(json ?? "[]")) as [number, string, number, number, number | null][]).map(
    ([id, badgeCode, metricValue, awardedAt, celebratedAt]) => ({
      id,
      userId,
      badgeCode,
      metricValue,
      awardedAt: new Date(awardedAt),
      celebratedAt: celebratedAt === null ? null : new Date(celebratedAt),
    }),
  );

/**
 * The 17 definitions as an SQL VALUES list of literals: (code, criteria, threshold). They are
 * constants of the code (letters, digits and `_`), so the statement's text is the same for
 * every member and the statement cache keeps it; only the member and the time are bound.
 */
const definitionValues = BADGE_DEFINITIONS.map((d) => {
  if (!/^\w+$/.test(d.code) || !/^\w+$/.test(d.criteriaType) || !Number.isInteger(d.threshold))
    throw new Error(`badge definition ${d.code} is not a plain literal`);
  return `('${d.code}', '${d.criteriaType}', ${d.threshold})`;
}).join(", ");

/** member_badge_stats' column for each criterion. */
const STATS_COLUMN = {
  total_checkins: "m.total",
  unique_gyms: "m.gyms",
  unique_states: "m.states",
  alphabet_completion: "m.letters",
} as const satisfies Record<BadgeCriteria, string>;

/** The metric of a definition's criterion (`d.column2`), from the member's row. */
const metricOfCriterion = Object.entries(STATS_COLUMN)
  .map(([criterion, column]) => `WHEN '${criterion}' THEN ${column}`)
  .join(" ");

/**
 * Bit i stands for BADGE_DEFINITIONS[i]: the badges a member's row `m` reaches (arithmetic on
 * the row alone), and those the member holds (their ≤ 17 entries of badge_awards_user_code).
 */
const reachedMask = BADGE_DEFINITIONS.map(
  (d, i) => `((${STATS_COLUMN[d.criteriaType]} >= ${d.threshold}) << ${i})`,
).join(" | ");
const heldMask = `(SELECT CAST(total(CASE h.badge_code ${BADGE_DEFINITIONS.map((d, i) => `WHEN '${d.code}' THEN ${2 ** i}`).join(" ")}
    ELSE 0 END) AS INTEGER) FROM badge_awards h WHERE h.user_id = m.user_id)`;

/** A RETURNING row of awardStatement. */
export interface RawAwardRow {
  id: number;
  user_id: number;
  badge_code: string;
  metric_value: number;
  awarded_at: number;
  celebrated_at: number | null;
}

export const fromRawAward = (r: RawAwardRow): AwardRow => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  badgeCode: String(r.badge_code),
  metricValue: Number(r.metric_value),
  awardedAt: new Date(Number(r.awarded_at)),
  celebratedAt: r.celebrated_at === null ? null : new Date(Number(r.celebrated_at)),
});

/**
 * One statement that awards every badge the member's verified check-ins reach and they do
 * not hold yet, inserted with ON CONFLICT DO NOTHING and RETURNING the new rows. Being one
 * statement it can sit in a batch with the check-in's own writes, all or nothing, after
 * the write that verified a check-in. It begins with its INSERT, so db/table-versions.ts
 * reads it as a write of badge_awards alone.
 *
 * The metrics come from the member's one row of member_badge_stats, which the check-in's
 * own write has just brought up to date (migration 0031's triggers), not from counting the
 * member's check-ins: that count cost a check-in more than all its other statements did.
 * Most check-ins reach no new badge: the statement first compares the badges the row reaches
 * with those the member holds, as two bit masks, and looks no further when none is missing.
 * Otherwise a badge is inserted when its metric reaches its threshold and the member does
 * not hold it. Each new row's `badge.earned` event is written by the trigger of migration
 * 0032, in the same statement.
 */
const AWARD = `INSERT INTO badge_awards (user_id, badge_code, metric_value, awarded_at)
    SELECT m.user_id, d.column1, CASE d.column2 ${metricOfCriterion} END AS value, ?
      FROM member_badge_stats m CROSS JOIN (VALUES ${definitionValues}) AS d
      WHERE m.user_id = ? AND (${reachedMask}) & ~${heldMask} <> 0 AND value >= d.column3
        AND NOT EXISTS (SELECT 1 FROM badge_awards a WHERE a.user_id = m.user_id AND a.badge_code = d.column1)
    ON CONFLICT DO NOTHING
    RETURNING id, user_id, badge_code, metric_value, awarded_at, celebrated_at`;

export const awardStatement = (userId: number, now: Date) => rawStatement(AWARD, [now.getTime(), userId]);

export const awardsOf = (db: Tx, userId: number) =>
  db
    .select()
    .from(badgeAwards)
    .where(eq(badgeAwards.userId, userId))
    .orderBy(asc(badgeAwards.awardedAt), asc(badgeAwards.id))
    .limit(AWARDS_MAX);

export const uncelebratedAwards = (db: Tx, userId: number) =>
  db
    .select()
    .from(badgeAwards)
    .where(and(eq(badgeAwards.userId, userId), isNull(badgeAwards.celebratedAt)))
    .orderBy(asc(badgeAwards.awardedAt), asc(badgeAwards.id))
    .limit(AWARDS_MAX);

/** Marks one of the member's awards celebrated; answers whether the award is theirs. */
export async function markCelebrated(db: Tx, userId: number, awardId: number, now: Date) {
  const rows = await db
    .update(badgeAwards)
    .set({ celebratedAt: sql`coalesce(${badgeAwards.celebratedAt}, ${now.getTime()})` })
    .where(and(eq(badgeAwards.id, awardId), eq(badgeAwards.userId, userId)))
    .returning({ id: badgeAwards.id });
  return rows.length > 0;
}

export async function countAwards(db: Tx, userId: number): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(badgeAwards)
    .where(eq(badgeAwards.userId, userId));
  return Number(row[0]?.n ?? 0);
}
