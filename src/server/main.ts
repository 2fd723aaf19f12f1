#!/usr/bin/env bun
import { openDatabase, replicaOf } from "../db/client";
import { migrate } from "../db/migrate";
import { backupDatabase, openDatabaseForBackup } from "./cli/backup";
import { exportCommand, importCommand, removeDemoCommand } from "./cli/schools";
import { SubmissionsUsageError, submissionsCommand } from "./cli/submissions";
import { EnvError, envHelp, loadEnv } from "./env";
import { setRoleByEmail } from "./features/auth/service";
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
    run: async () => serve(loadEnv()),
  },
  migrate: {
    usage: "migrate",
    help: "Apply pending database migrations and exit",
    run: async () => {
      const env = loadEnv();
      const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, replicaOf(env));
      const count = await migrate(database.client);
      await database.close();
      console.log(count ? `Applied ${count} migration(s).` : "Database is up to date.");
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
        console.log(`Backup written to ${await backupDatabase(database, file)}`);
      } finally {
        await database.close();
      }
    },
  },
  import: {
    usage: "import FILE",
    help: "Add or update schools from a CSV or JSON file, with a report per row",
    run: async ([file]) => {
      if (!file) throw new UsageError("import needs a CSV or JSON FILE");
      if (!(await importCommand(loadEnv(), file))) process.exitCode = 2;
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
  admin: {
    usage: "admin grant|revoke EMAIL",
    help: "Make an account an admin, or a member again",
    also: [
      {
        usage: "admin submissions list|approve ID|reject ID REASON",
        help: "Review open-mat submissions: the pending queue, approve one as a school, or reject it",
      },
    ],
    run: async ([action, email, ...rest]) => {
      if (action === "submissions") {
        await submissionsCommand(loadEnv(), [email ?? "", ...rest]).catch((error) => {
          throw error instanceof SubmissionsUsageError ? new UsageError(error.message) : error;
        });
        return;
      }
      if ((action !== "grant" && action !== "revoke") || !email) {
        throw new UsageError("admin needs grant or revoke and an EMAIL");
      }
      const env = loadEnv();
      const database = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, replicaOf(env));
      try {
        await migrate(database.client);
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
  const command = commands[name];
  if (!command) throw new UsageError(`Unknown command "${name}"`);
  checkEmbeddedFiles();
  await command.run(rest);
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((error) => {
    if (error instanceof EnvError || error instanceof TransferFileError) console.error(error.message);
    else if (error instanceof UsageError) console.error(`${error.message}\n\n${helpText()}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 64 : 1);
  });
}
