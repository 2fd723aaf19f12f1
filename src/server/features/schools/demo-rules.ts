/**
 * Fictional visitor rules for the demo schools (issue 21), so the rule filters and the
 * "Before you go" lists show something on a fresh start. What a demo schedule's own notes
 * say ("(No-Gi)", "($10 mat fee)", "(free for visitors)", "(all levels)") is kept; the rest
 * is drawn from a generator seeded by each school's source key, so every machine gets the
 * same rules, and some rules stay unknown, as they do for real gyms.
 */
import { sql } from "drizzle-orm";
import type { VisitorRules } from "../../../common/schemas/visitor-rules";
import type { Db } from "../../../db/client";
import { type Random, seededRandom } from "../../../db/seed/random";
import { bumpSchoolsVersion } from "./queries";
import { schoolsChanged } from "./schools-version";

const CHUNK = 500;

/** One demo school's rules, from its schedule text and its own generator. */
export function demoVisitorRules(
  r: Random,
  school: { dayAndTime: string; website: string | null },
): VisitorRules {
  const text = school.dayAndTime;
  const rules: VisitorRules = {};
  const gi = text.includes("(Gi)");
  const nogi = text.includes("(No-Gi)");
  if (text.includes("(Gi & No-Gi)") || (gi && nogi)) rules.attire = "both";
  else if (gi) rules.attire = "gi";
  else if (nogi) rules.attire = "nogi";
  else if (r.chance(0.45)) rules.attire = r.pick(["gi", "gi", "nogi", "both"] as const);

  if (text.includes("(free for visitors)")) rules.matFee = 0;
  else if (text.includes("($10 mat fee)")) rules.matFee = 10;
  else if (r.chance(0.55)) rules.matFee = r.pick([0, 0, 0, 10, 15, 20, 25, 12.5]);

  if (text.includes("(all levels)")) rules.level = "all";
  else if (r.chance(0.4)) rules.level = r.pick(["all", "beginners", "beginners", "experienced"] as const);

  if (r.chance(0.5)) rules.visitors = r.chance(0.9) ? "welcome" : "membersOnly";
  if (r.chance(0.04)) rules.womenOnly = true;
  if (r.chance(0.3)) {
    if (r.chance(0.6)) rules.kids = "adultsOnly";
    else {
      rules.kids = "allowed";
      if (r.chance(0.7)) rules.minAge = r.pick([8, 10, 12, 14, 16]);
    }
  }
  if (r.chance(0.2)) rules.loanerGi = true;
  if (school.website && r.chance(0.25)) rules.waiverUrl = `${school.website}waiver`;
  return rules;
}

/** A school's own generator: the same rules for the same school whatever else was generated. */
const randomFor = (sourceKey: string) => seededRandom(Number(Bun.hash.crc32(`visitor-rules|${sourceKey}`)));

/**
 * Gives every demo school that has no rules yet its fictional ones, in a few statements, and
 * bumps the schools version with them. Returns how many schools got rules.
 */
export async function addDemoVisitorRules(db: Db): Promise<number> {
  const result = await db.$client.execute(
    "SELECT id, source_key, day_and_time, website FROM schools WHERE is_demo = 1 AND visitor_rules = '{}' ORDER BY id",
  );
  const updates: { id: number; rules: string }[] = [];
  for (const row of result.rows) {
    const rules = demoVisitorRules(randomFor(String(row[1])), {
      dayAndTime: String(row[2]),
      website: row[3] === null ? null : String(row[3]),
    });
    if (Object.keys(rules).length) updates.push({ id: Number(row[0]), rules: JSON.stringify(rules) });
  }
  if (!updates.length) return 0;
  const statements = [];
  for (let i = 0; i < updates.length; i += CHUNK) {
    const chunk = updates.slice(i, i + CHUNK);
    const cases = sql.join(
      chunk.map((u) => sql`WHEN ${u.id} THEN ${u.rules}`),
      sql` `,
    );
    const ids = sql.join(
      chunk.map((u) => sql`${u.id}`),
      sql`, `,
    );
    statements.push(
      db.run(sql`UPDATE schools SET visitor_rules = CASE id ${cases} END WHERE id IN (${ids})`),
    );
  }
  await db.batch([bumpSchoolsVersion(db), ...statements]);
  schoolsChanged(db);
  return updates.length;
}
