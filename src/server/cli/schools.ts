import { extname } from "node:path";
import { openDatabase, replicaOf } from "../../db/client";
import { migrate } from "../../db/migrate";
import { buildLabel } from "../build-info";
import type { Env } from "../env";
import { removeDemoCommunity } from "../features/demo-community/service";
import { createGeoServices } from "../features/geo/service";
import { timeZoneAt } from "../features/geo/time-zone";
import { removeDemoSchools } from "../features/schools/demo";
import {
  exportSchools,
  importRows,
  parseTransferFile,
  type RowOutcome,
  TransferFileError,
} from "../features/schools/transfer";
import { silentLogger } from "../log";
import { createStorage } from "../storage";

const formatOf = (file: string, text?: string): "csv" | "json" => {
  const ext = extname(file).toLowerCase();
  if (ext === ".json") return "json";
  if (ext === ".csv") return "csv";
  return text?.trimStart().startsWith("[") || text?.trimStart().startsWith("{") ? "json" : "csv";
};

/** Opens the database (migrated first), runs `run`, and closes it. */
export async function withDatabase<T>(
  env: Env,
  run: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) {
  const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, replicaOf(env));
  try {
    await migrate(database.client, { by: buildLabel() });
    return await run(database);
  } finally {
    await database.close();
  }
}

function describeOutcome(outcome: RowOutcome): string {
  if (outcome.action === "rejected") return `row ${outcome.row}: rejected: ${outcome.reason}`;
  if (outcome.action === "wouldAdd") return `row ${outcome.row}: would add "${outcome.gym}"`;
  if (outcome.action === "wouldUpdate") {
    const which = outcome.id === null ? "as an earlier row" : `(id ${outcome.id})`;
    return `row ${outcome.row}: would update "${outcome.gym}" ${which}`;
  }
  return `row ${outcome.row}: ${outcome.action} "${outcome.gym}" (id ${outcome.id})`;
}

/** Progress lines are for files past this many rows, every this many rows. */
export const PROGRESS_EVERY = 1000;

/** "imported 3000/12000" on stderr every PROGRESS_EVERY rows and at the end, for files past that size. */
function progressTo(write: (line: string) => void, verb: string) {
  return (done: number, total: number) => {
    if (total <= PROGRESS_EVERY) return;
    if (done % PROGRESS_EVERY === 0 || done === total) write(`${verb} ${done}/${total}\n`);
  };
}

/**
 * `openmat import FILE [--dry-run]`: a report per row on stdout, progress on stderr; a file
 * that cannot be read changes nothing, and a dry run writes nothing at all.
 */
export async function importCommand(
  env: Env,
  file: string,
  options: { dryRun?: boolean } = {},
): Promise<boolean> {
  if (!(await Bun.file(file).exists()))
    throw new TransferFileError(`No file at ${file}; nothing was imported`);
  const text = await Bun.file(file).text();
  const rows = parseTransferFile(text, formatOf(file, text));
  const dryRun = options.dryRun === true;
  return withDatabase(env, async (database) => {
    const { schoolGeocoder } = createGeoServices(env.GEOCODER_URL, silentLogger);
    const outcomes = await importRows(
      { db: database.db, now: () => new Date(), timeZoneAt },
      schoolGeocoder,
      rows,
      {
        dryRun,
        onProgress: progressTo((line) => process.stderr.write(line), dryRun ? "checked" : "imported"),
      },
    );
    for (const outcome of outcomes) console.log(describeOutcome(outcome));
    const count = (...actions: RowOutcome["action"][]) =>
      outcomes.filter((o) => actions.includes(o.action)).length;
    console.log(
      dryRun
        ? `Dry run, nothing written: ${count("wouldAdd")} would be added, ${count("wouldUpdate")} updated, ${count("rejected")} rejected`
        : `${count("added")} added, ${count("updated")} updated, ${count("rejected")} rejected`,
    );
    return count("rejected") === 0;
  });
}

/** `openmat export [FILE]`: JSON or CSV by the file's extension; stdout as JSON without a file. */
export async function exportCommand(env: Env, file?: string): Promise<void> {
  const text = await withDatabase(env, (database) =>
    exportSchools(database.db, file ? formatOf(file) : "json"),
  );
  if (file) await Bun.write(file, text);
  else process.stdout.write(text);
}

/** `openmat demo --remove`: the demo community first (its check-ins are at demo schools), then the schools. */
export async function removeDemoCommand(env: Env): Promise<void> {
  const { community, schools } = await withDatabase(env, async (database) => ({
    community: await removeDemoCommunity({ db: database.db, storage: createStorage(env) }),
    schools: await removeDemoSchools(database.db),
  }));
  if (community) {
    const { members, posts, photos, likes, follows, checkins } = community;
    console.log(
      `Removed ${members} demo member(s) with ${posts} post(s), ${photos} photo(s), ${likes} like(s), ` +
        `${follows} follow(s) and ${checkins} check-in(s).`,
    );
  }
  if (schools) console.log(`Removed ${schools} demo school(s).`);
  if (!community && !schools) console.log("There is no demo data.");
}
