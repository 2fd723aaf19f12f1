/**
 * A school's visitor rules (issue 21): set by its owners and admins, each save one batch with
 * its line in the school's edit history and the schools version's bump, so every cached
 * view, list and pin rebuilds with it.
 */
import { formatSession } from "../../../common/schedule/format";
import {
  sessionRuleKey,
  type VisitorRules,
  type VisitorRulesInput,
  visitorRuleTexts,
} from "../../../common/schemas/visitor-rules";
import { ownRules } from "../../../common/visitor-rules";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { type PolicyViewer, viewerId } from "../../policy/viewer";
import { requireSchool } from "../owners/service";
import { editStatement } from "../school-history/service";
import { bumpSchoolsVersionIfChanged, getSchool, schoolsChanged, toSession } from "../schools/service";
import * as q from "./queries";

export interface VisitorRulesDeps {
  db: Db;
  now: () => Date;
}

/** A save that met another save of the same school is read and tried again, up to this many times. */
const ATTEMPTS = 10;

type SessionRow = NonNullable<Awaited<ReturnType<typeof q.rulesOf>>>["sessions"][number];

const parsed = (json: string | null): VisitorRules | undefined =>
  json ? (JSON.parse(json) as VisitorRules) : undefined;
const asJson = (rules: VisitorRules | undefined) =>
  rules && Object.keys(rules).length ? JSON.stringify(rules) : null;

/** Each session's own rules, by its schedule line ("Sat 10:00 AM"), for the history. */
const bySession = (rows: readonly SessionRow[], rules: (row: SessionRow) => string | null) =>
  Object.fromEntries(
    rows.flatMap((row) => {
      const own = rules(row);
      return own ? [[formatSession(toSession(row, false)), JSON.parse(own) as VisitorRules]] : [];
    }),
  );

/** The sessions' new own rules: each listed session's rules where they differ from the school's. */
function sessionChanges(
  rows: readonly SessionRow[],
  school: VisitorRules,
  listed: NonNullable<VisitorRulesInput["sessions"]>,
) {
  const byKey = new Map(listed.map((s) => [sessionRuleKey(s), s.rules]));
  const matched = new Set<string>();
  const next = new Map<number, string | null>();
  for (const row of rows) {
    const key = sessionRuleKey({
      weekday: row.weekday,
      start: row.startMinute,
      ordinals: row.ordinals ? (JSON.parse(row.ordinals) as number[]) : null,
      date: row.onDate,
    });
    const rules = byKey.get(key);
    if (rules) matched.add(key);
    next.set(row.id, asJson(rules && ownRules(school, rules)));
  }
  if (matched.size < byKey.size) throw new HttpError(422, visitorRuleTexts.sessionNotFound);
  return next;
}

/**
 * PUT /api/schools/{id}/visitor-rules: replaces the school's rules and, when `sessions` is
 * given, every session's own (a session not listed keeps none). Owners and admins only; to
 * anyone else the school is as missing as one that does not exist. A save that changes
 * nothing writes nothing.
 */
export async function setVisitorRules(
  deps: VisitorRulesDeps,
  viewer: PolicyViewer,
  schoolId: number,
  input: VisitorRulesInput,
) {
  const subject = await requireSchool(
    deps.db,
    viewer,
    "school.edit",
    schoolId,
    visitorRuleTexts.schoolNotFound,
  );
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await trySave(deps, viewer, subject.owner, schoolId, input)) {
      const school = await getSchool(deps.db, schoolId);
      if (!school) break;
      return school;
    }
  }
  throw new HttpError(409, visitorRuleTexts.conflict);
}

/** One read and one batch; false when the school changed between them. */
async function trySave(
  deps: VisitorRulesDeps,
  viewer: PolicyViewer,
  owner: boolean,
  schoolId: number,
  input: VisitorRulesInput,
): Promise<boolean> {
  const { db } = deps;
  const state = await q.rulesOf(db, schoolId);
  if (!state) throw new HttpError(404, visitorRuleTexts.schoolNotFound);
  const rules = asJson(input.rules) ?? "{}";
  const next = input.sessions ? sessionChanges(state.sessions, input.rules, input.sessions) : null;
  const changed = state.sessions.filter((row) => next && next.get(row.id) !== row.visitorRules);
  if (rules === state.school.visitorRules && changed.length === 0) return true;

  const before = state.sessions;
  const after = before.map((row) => ({ ...row, visitorRules: next?.get(row.id) ?? row.visitorRules }));
  const now = deps.now();
  const snapshot = q.unchangedSince(schoolId, state.school.visitorRules, q.sessionsFingerprint(before));
  const history = editStatement(
    db,
    {
      schoolId,
      userId: viewerId(viewer),
      source: owner ? "gym" : "admin",
      before: {
        visitorRules: parsed(state.school.visitorRules) ?? {},
        ...(next ? { sessionRules: bySession(before, (r) => r.visitorRules) } : {}),
      },
      after: {
        visitorRules: input.rules,
        ...(next ? { sessionRules: bySession(after, (r) => r.visitorRules) } : {}),
      },
      at: now,
    },
    snapshot,
  );
  schoolsChanged(db);
  const statements = [
    ...(history ? [history] : []),
    ...(changed.length
      ? [
          q.setSessionRules(
            db,
            schoolId,
            changed.map((row) => ({ id: row.id, rules: next?.get(row.id) ?? null })),
            snapshot,
          ),
        ]
      : []),
    // Judged after the sessions' change: the school's rules as read, its sessions as just set.
    q.setSchoolRules(
      db,
      schoolId,
      rules,
      now,
      q.unchangedSince(schoolId, state.school.visitorRules, q.sessionsFingerprint(after)),
    ),
  ];
  const [first, ...rest] = statements;
  if (!first) return false;
  const results = await db.batch([first, ...rest, bumpSchoolsVersionIfChanged(db)]);
  const saved = results.at(-2) as { rowsAffected: number };
  return saved.rowsAffected > 0;
}
