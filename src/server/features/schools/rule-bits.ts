/**
 * Each school's visitor-rule filter bits (common/visitor-rules), for the pins and the spatial
 * index: read once per schools version from two statements that skip every school and session
 * with nothing to say (no rules, no Gi or No-Gi note), so a database with no rules costs two
 * empty reads.
 */
import type { VisitorRules } from "../../../common/schemas/visitor-rules";
import { visitorRuleBits } from "../../../common/visitor-rules";
import type { Db } from "../../../db/client";
import { perSchoolsVersion } from "./version-cache";

interface SessionRules {
  notes: string[];
  rules?: VisitorRules;
}

async function readRuleBits(db: Db): Promise<Map<number, number>> {
  const [schoolRows, sessionRows] = await Promise.all([
    db.$client.execute("SELECT id, visitor_rules FROM schools WHERE visitor_rules <> '{}'"),
    // LIKE is case-blind: "Beginners" comes too, and is judged below like every note.
    db.$client.execute(
      "SELECT school_id, notes, visitor_rules FROM open_mat_sessions WHERE visitor_rules IS NOT NULL OR notes LIKE '%gi%'",
    ),
  ]);
  const rules = new Map<number, VisitorRules>();
  for (const row of schoolRows.rows) rules.set(Number(row[0]), JSON.parse(String(row[1])) as VisitorRules);
  const sessions = new Map<number, SessionRules[]>();
  for (const row of sessionRows.rows) {
    const id = Number(row[0]);
    const session: SessionRules = {
      notes: JSON.parse(String(row[1])) as string[],
      ...(row[2] ? { rules: JSON.parse(String(row[2])) as VisitorRules } : {}),
    };
    const list = sessions.get(id);
    if (list) list.push(session);
    else sessions.set(id, [session]);
  }
  const bits = new Map<number, number>();
  for (const id of new Set([...rules.keys(), ...sessions.keys()])) {
    const value = visitorRuleBits(rules.get(id), sessions.get(id) ?? []);
    if (value) bits.set(id, value);
  }
  return bits;
}

const byDb = new WeakMap<Db, () => Promise<Map<number, number>>>();

/** School id → its filter bits (schools with none are left out), kept per schools version. */
export function ruleBitsBySchool(db: Db): Promise<Map<number, number>> {
  let read = byDb.get(db);
  if (!read) {
    read = perSchoolsVersion(db, () => readRuleBits(db));
    byDb.set(db, read);
  }
  return read();
}
