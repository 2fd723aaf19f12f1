/** Rows per INSERT statement in the bench's seeds: large enough to be fast, small enough for SQLite. */
export const ROWS_PER_INSERT = 5_000;

/** `head VALUES (…), (…)` statements of at most ROWS_PER_INSERT prepared value rows each. */
export function multiRowInserts(head: string, rows: string[]): string[] {
  const statements: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    statements.push(`${head} VALUES ${rows.slice(i, i + ROWS_PER_INSERT).join(",\n")}`);
  }
  return statements;
}
