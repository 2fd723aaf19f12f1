import type { InArgs, InStatement } from "@libsql/client";
import { type SQL, sql } from "drizzle-orm";

/**
 * A statement as the libSQL client takes it: SQL text with `?` placeholders and its values.
 * Hot writes (a check-in's batch) build these with their text a module constant: drizzle's
 * `sql` templates rebuilt each statement's text on every request, and that cost a check-in
 * more than running several of its statements did.
 */
export type RawStatement = InStatement & { sql: string; args: InArgs & unknown[] };

export const rawStatement = (text: string, args: unknown[]): RawStatement =>
  ({ sql: text, args }) as RawStatement;

/**
 * The same statement as drizzle SQL, for a caller that puts it in a drizzle `db.batch`. The
 * text must hold no `?` but its placeholders (our constants hold no string literal with one).
 */
export function asDrizzleSql(statement: RawStatement): SQL {
  const parts = statement.sql.split("?");
  if (parts.length !== statement.args.length + 1)
    throw new Error(`statement has ${parts.length - 1} placeholders for ${statement.args.length} values`);
  return sql.join(
    parts.flatMap((part, i) =>
      i < statement.args.length ? [sql.raw(part), sql.param(statement.args[i])] : [sql.raw(part)],
    ),
  );
}
