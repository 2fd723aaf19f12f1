import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";
import { VERSIONED_TABLES } from "./versioned-tables";

/*
 * What a statement sent through a copy may write, read from its text: the table it names
 * and the versioned tables it may change (db/table-versions.ts marks those as written).
 */

const versioned = new Set<string>(VERSIONED_TABLES);

const WRITE = /^\s*(insert|replace|update|delete|with)\b/i;
const TARGET =
  /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+["`[]?(\w+)/i;
const REMOVES = /^\s*(delete|replace|insert\s+or\s+replace)\b/i;
const WRITING_WORD = /\b(insert|update|delete|replace)\b/i;

/** Versioned tables that migrations' triggers write when a table is written (0032: an award's event). */
const TRIGGERED_WRITES: Readonly<Record<string, readonly string[]>> = { badge_awards: ["domain_events"] };
const ALL: readonly string[] = VERSIONED_TABLES;
const NONE: readonly string[] = [];

/**
 * The versioned tables a delete from each table can change through foreign keys (ON DELETE
 * CASCADE or SET NULL, followed down), from the schema; the table itself among them.
 */
let deletesReach: Map<string, readonly string[]> | undefined;
function reachOfDelete(table: string): readonly string[] {
  if (!deletesReach) {
    const children = new Map<string, Set<string>>();
    for (const value of Object.values(schema)) {
      if (!is(value, SQLiteTable)) continue;
      const config = getTableConfig(value);
      for (const fk of config.foreignKeys) {
        if (!fk.onDelete || fk.onDelete === "no action" || fk.onDelete === "restrict") continue;
        const parent = getTableConfig(fk.reference().foreignTable).name;
        if (!children.has(parent)) children.set(parent, new Set());
        children.get(parent)?.add(config.name);
      }
    }
    deletesReach = new Map();
    for (const start of [...children.keys(), ...VERSIONED_TABLES]) {
      const seen = new Set<string>([start]);
      const queue = [start];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        for (const child of children.get(next) ?? []) {
          if (seen.has(child)) continue;
          seen.add(child);
          queue.push(child);
        }
      }
      deletesReach.set(
        start,
        [...seen].filter((t) => versioned.has(t)),
      );
    }
  }
  return deletesReach.get(table) ?? (versioned.has(table) ? [table] : NONE);
}

/** What a statement may write, read from its text. */
export interface Writes {
  /** The table it names, versioned or not ("*": it may write any); undefined for a read. */
  table?: string;
  /** The versioned tables it may change. */
  versioned: readonly string[];
}

const READS: Writes = { versioned: NONE };

/** What a statement writing `table` may change (a delete or replace: what its keys reach). */
function writesTo(table: string, removes: boolean): Writes {
  // A row deleted (or replaced) takes its children with it: every table its keys reach.
  const reached = removes ? reachOfDelete(table) : versioned.has(table) ? [table] : NONE;
  const triggered = TRIGGERED_WRITES[table];
  return { table, versioned: triggered ? [...new Set([...reached, ...triggered])] : reached };
}

/** Enough of a statement's start to hold its verb and target table. */
const HEAD = 160;
const writesByTarget = new Map<string, Writes>();
/** What the statements that need their whole text read may write (kept: the texts are a few hundred). */
const writesByText = new Map<string, Writes>();

/**
 * What a statement may write. Its start decides for almost all of them (a read, or a write
 * naming its table), and only that start is looked at: hashing each long statement's whole
 * text as a key, on every call, cost a write request several microseconds.
 */
export function writesOf(text: string): Writes {
  // The texts most often sent are module constants (db/raw-statement.ts), the same string
  // each time: one number lookup and an identity compare find what they write.
  const seen = recentByLength.get(text.length);
  if (seen?.text === text) return seen.writes;
  const writes = readWrites(text);
  if (recentByLength.size >= 4096) recentByLength.clear();
  recentByLength.set(text.length, { text, writes });
  return writes;
}

/** The last text of each length read, with what it writes. */
const recentByLength = new Map<number, { text: string; writes: Writes }>();

function readWrites(text: string): Writes {
  const start = text.trimStart();
  const head = start.length > HEAD ? start.slice(0, HEAD) : start;
  if (!WRITE.test(head)) return READS;
  const target = TARGET.exec(head);
  if (target && target[0].length < head.length) {
    const table = (target[1] as string).toLowerCase();
    const removes = REMOVES.test(head);
    const key = removes ? `-${table}` : table;
    let writes = writesByTarget.get(key);
    if (!writes) {
      writes = writesTo(table, removes);
      writesByTarget.set(key, writes);
    }
    return writes;
  }
  let writes = writesByText.get(text);
  if (writes) return writes;
  const whole = TARGET.exec(text);
  // A WITH that writes, or a form not read here, can write anything: every table.
  if (whole === null) writes = WRITING_WORD.test(text) ? { table: "*", versioned: ALL } : READS;
  else writes = writesTo((whole[1] as string).toLowerCase(), REMOVES.test(text));
  if (writesByText.size >= 4096) writesByText.clear();
  writesByText.set(text, writes);
  return writes;
}
