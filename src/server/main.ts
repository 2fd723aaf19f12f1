#!/usr/bin/env bun
import { localPath, openDatabase, replicaOf } from "../db/client";
import { assertSchemaKnown, migrate, pendingMigrations, SchemaTooNewError } from "../db/migrate";
import { buildLabel } from "./build-info";
import { schoolsAdminCommand } from "./cli/admin-schools";
import { AdminUsageError, usersCommand } from "./cli/admin-users";
import { backupDatabase, openDatabaseForBackup } from "./cli/backup";
import { basemapCommand, basemapUsage, ExtractInputError } from "./cli/basemap";
import { RestoreRefusedError, restoreDatabase } from "./cli/restore";
import { exportCommand, importCommand, removeDemoCommand } from "./cli/schools";
import { SubmissionsUsageError, submissionsCommand } from "./cli/submissions";
import { versionText } from "./cli/version";
import { EnvError, envHelp, loadEnv } from "./env";
import { setRoleByEmail } from "./features/auth/service";
import { markServing } from "./features/backups/server-mark";
import { TransferFileError } from "./features/schools/transfer";
import { checkEmbeddedFiles } from "./runtime";
import { serve } from "./serve";

interface Command {
  usage: string;
  help: string;
  /** More forms of the same command, each on its own help line. */
  also?: { usage: string; help: string }[];
  run: (args: string[]) => Promise<void>;
}

const commands: Record<string, Command> = {
  serve: {
    usage: "serve",
    help: "Start the web server (the default)",
    run: async () => {
      const env = loadEnv();
      await serve(env);
      // Beside a local file: `openmat restore` refuses while this copy runs.
      const file = env.DATABASE_SYNC_URL ? null : localPath(env.DATABASE_URL);
      if (file && file !== ":memory:") markServing(file);
    },
  },
  migrate: {
    usage: "migrate [--dry-run]",
    help: "Apply pending database migrations and exit (--dry-run: list them, change nothing)",
    run: async ([flag]) => {
      if (flag !== undefined && flag !== "--dry-run") throw new UsageError("migrate takes only --dry-run");
      const env = loadEnv();
      const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, replicaOf(env));
      try {
        if (flag === "--dry-run") {
          const pending = await pendingMigrations(database.client, buildLabel());
          if (!pending.length) console.log("Database is up to date; nothing to apply.");
          else
            console.log(
              `${pending.length} pending migration(s):\n${pending.map((tag) => `  ${tag}`).join("\n")}`,
            );
          return;
        }
        const count = await migrate(database.client, { by: buildLabel() });
        console.log(count ? `Applied ${count} migration(s).` : "Database is up to date.");
      } finally {
        await database.close();
      }
    },
  },
  backup: {
    usage: "backup FILE",
    help: "Write a consistent copy of the live database to FILE",
    run: async ([file]) => {
      if (!file) throw new UsageError("backup needs a FILE to write to");
      const env = loadEnv();
      const database = await openDatabaseForBackup(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
      try {
        await assertSchemaKnown(database.client, buildLabel());
        console.log(`Backup written to ${await backupDatabase(database, file)}`);
      } finally {
        await database.close();
      }
    },
  },
  restore: {
    usage: "restore FILE",
    help: "Put a backup in place of the stopped server's database file, keeping the current one beside it",
    run: async ([file]) => {
      if (!file) throw new UsageError("restore needs the backup FILE to restore");
      const { target, restorePoint, pending } = await restoreDatabase(loadEnv(), file, buildLabel());
      console.log(`Restored ${file} into ${target}.`);
      if (restorePoint) console.log(`The database it replaced is kept at ${restorePoint}.`);
      if (pending)
        console.log(`It is from an older OpenMat: the next start applies ${pending} migration(s).`);
    },
  },
  import: {
    usage: "import FILE [--dry-run]",
    help: "Add or update schools from a CSV or JSON file, with a report per row (--dry-run writes nothing)",
    run: async (args) => {
      const dryRun = args.includes("--dry-run");
      const [file, ...extra] = args.filter((arg) => arg !== "--dry-run");
      if (!file || extra.length || file.startsWith("--")) {
        throw new UsageError("import needs a CSV or JSON FILE, and takes --dry-run");
      }
      if (!(await importCommand(loadEnv(), file, { dryRun }))) process.exitCode = 2;
    },
  },
  export: {
    usage: "export [FILE]",
    help: "Write every school as JSON or CSV (by extension; JSON to stdout without FILE)",
    run: async ([file]) => exportCommand(loadEnv(), file),
  },
  demo: {
    usage: "demo --remove",
    help: "Delete the demo schools and demo members with their posts (they are not loaded again)",
    run: async ([flag]) => {
      if (flag !== "--remove") throw new UsageError("demo takes --remove");
      await removeDemoCommand(loadEnv());
    },
  },
  basemap: {
    usage: basemapUsage,
    help: "Cut a regional map (streets and labels where the source has them) out of a Protomaps build",
    run: async (args) => basemapCommand(args),
  },
  admin: {
    usage: "admin grant|revoke EMAIL",
    help: "Make an account an admin, or a member again",
    also: [
      {
        usage: "admin submissions list|approve ID|reject ID REASON",
        help: "Review open-mat submissions: the pending queue, approve one as a school, or reject it",
      },
      {
        usage: "admin users list [--limit N] [--after ID]",
        help: "The member accounts, with role, created and disabled",
      },
      {
        usage: "admin users show|disable|enable ID|EMAIL|USERNAME",
        help: "One account; disabling ends its sessions and refuses its sign-in",
      },
      {
        usage: "admin users reset-password|sessions-revoke ID|EMAIL|USERNAME",
        help: "Print a new random password once, or end every session (both sign the member out)",
      },
      {
        usage: "admin schools show|remove ID|SLUG [--yes]",
        help: "One school; remove (with --yes) deletes it and what hangs on it, audited",
      },
    ],
    run: async ([action, email, ...rest]) => {
      if (action === "users" || action === "schools") {
        const run = action === "users" ? usersCommand : schoolsAdminCommand;
        await run(loadEnv(), [email ?? "", ...rest]).catch((error) => {
          throw error instanceof AdminUsageError ? new UsageError(error.message) : error;
        });
        return;
      }
      if (action === "submissions") {
        await submissionsCommand(loadEnv(), [email ?? "", ...rest]).catch((error) => {
          throw error instanceof SubmissionsUsageError ? new UsageError(error.message) : error;
        });
        return;
      }
      if ((action !== "grant" && action !== "revoke") || !email) {
        throw new UsageError("admin needs grant or revoke and an EMAIL, or submissions, users or schools");
      }
      const env = loadEnv();
      const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, replicaOf(env));
      try {
        await migrate(database.client, { by: buildLabel() });
        const found = await setRoleByEmail(database.db, email, action === "grant" ? "admin" : "member");
        if (!found) throw new Error(`No account with e-mail ${email}`);
        console.log(action === "grant" ? `${email} is now an admin.` : `${email} is now a member.`);
      } finally {
        await database.close();
      }
    },
  },
};

class UsageError extends Error {}

export function helpText(): string {
  const forms = Object.values(commands).flatMap((c) => [c, ...(c.also ?? [])]);
  const width = Math.max(...forms.map((c) => c.usage.length));
  const rows = forms.map((c) => `  openmat ${c.usage.padEnd(width)}  ${c.help}`);
  return [
    "OpenMat: find a Brazilian Jiu-Jitsu open mat tonight.",
    "",
    "Usage:",
    ...rows,
    `  openmat ${"--version".padEnd(width)}  Show the version, commit, build date and database schema`,
    `  openmat ${"--help".padEnd(width)}  Show this help`,
    "",
    "Environment variables:",
    envHelp(),
    "",
  ].join("\n");
}

async function main(argv: string[]) {
  const [name = "serve", ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(helpText());
    return;
  }
  if (name === "--version" || name === "version") {
    process.stdout.write(versionText());
    return;
  }
  const command = commands[name];
  if (!command) throw new UsageError(`Unknown command "${name}"`);
  checkEmbeddedFiles();
  await command.run(rest);
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((error) => {
    const plain = [EnvError, TransferFileError, SchemaTooNewError, RestoreRefusedError, ExtractInputError];
    if (plain.some((kind) => error instanceof kind)) console.error(error.message);
    else if (error instanceof UsageError) console.error(`${error.message}\n\n${helpText()}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 64 : 1);
  });
}
