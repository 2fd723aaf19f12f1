/**
 * Prints the SQL of a custom migration (`drizzle-kit generate --custom`) that gives every
 * table of VERSIONED_TABLES its `app_meta` row `v:<table>` and the triggers that bump it.
 * Migration 0027 is its output; a table added to the list later gets a new migration from
 * this with `--only <table>`:
 *   bun scripts/table-version-triggers.ts > src/db/migrations/0027_table_versions.sql
 */
import { VERSIONED_TABLES } from "../src/db/versioned-tables";

const only = process.argv.indexOf("--only");
const tables = only >= 0 ? process.argv.slice(only + 1) : [...VERSIONED_TABLES];
const statements = [
  `INSERT OR IGNORE INTO \`app_meta\` (\`key\`, \`value\`, \`updated_at\`) VALUES ${tables
    .map((table) => `('v:${table}', '0', 0)`)
    .join(", ")};`,
];
for (const table of tables) {
  for (const op of ["INSERT", "UPDATE", "DELETE"]) {
    statements.push(
      `CREATE TRIGGER \`v_${table}_${op.toLowerCase()}\` AFTER ${op} ON \`${table}\` BEGIN\n` +
        `  UPDATE \`app_meta\` SET \`value\` = CAST(\`value\` AS INTEGER) + 1 WHERE \`key\` = 'v:${table}';\n` +
        "END;",
    );
  }
}
console.log(
  [
    "-- Custom migration, written by scripts/table-version-triggers.ts: a version per content",
    "-- table, bumped by triggers on every row written, so every writer (each copy, the CLI, an",
    "-- import) moves it. Copies key what they keep per member on them (src/db/table-versions.ts).",
    statements.join("\n--> statement-breakpoint\n"),
  ].join("\n"),
);
