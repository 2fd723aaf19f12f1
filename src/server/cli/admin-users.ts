import type { Env } from "../env";
import {
  disableAccount,
  enableAccount,
  findAccount,
  listAccounts,
  liveSessions,
  resetAccountPassword,
  revokeAccountSessions,
  roleOf,
} from "../features/auth/service";
import { withDatabase } from "./schools";

/** A command line the admin commands cannot read: main.ts prints it with the help. */
export class AdminUsageError extends Error {}

const USAGE =
  "admin users needs list [--limit N] [--after ID], or show|disable|enable|reset-password|sessions-revoke ID|EMAIL|USERNAME";
const ACTIONS = ["list", "show", "disable", "enable", "reset-password", "sessions-revoke"] as const;
type Action = (typeof ACTIONS)[number];
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

/** A time as the commands print it: UTC, to the minute. */
export const when = (date: Date | null) =>
  date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : "-";

/** `--limit N --after ID`, each a whole number, the limit 1 to MAX_LIMIT. */
function pageOf(args: string[]) {
  const page = { limit: DEFAULT_LIMIT, after: 0 };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    const n = value && /^\d{1,12}$/.test(value) ? Number(value) : Number.NaN;
    if (flag === "--limit" && n >= 1 && n <= MAX_LIMIT) page.limit = n;
    else if (flag === "--after" && n >= 0) page.after = n;
    else throw new AdminUsageError(`${USAGE}\n(--limit takes 1 to ${MAX_LIMIT}, --after an account id)`);
  }
  return page;
}

/** Columns padded to their widest cell. */
function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/**
 * `openmat admin users list|show|disable|enable|reset-password|sessions-revoke`: the member
 * accounts from the terminal, each change audited (see features/auth/operator.ts).
 */
export async function usersCommand(env: Env, args: string[]): Promise<void> {
  const [action, ref, ...rest] = args;
  if (!ACTIONS.includes(action as Action)) throw new AdminUsageError(USAGE);
  if (action === "list") return listCommand(env, ref === undefined ? [] : [ref, ...rest]);
  if (!ref?.trim() || rest.length) throw new AdminUsageError(USAGE);
  await withDatabase(env, async ({ db }) => {
    const user = await findAccount(db, ref);
    if (!user) throw new Error(`No account with id, e-mail or username "${ref}"; nothing was changed`);
    const now = new Date();
    const name = `${user.username} (id ${user.id}, ${user.email})`;
    if (action === "show") {
      const lines: [string, string][] = [
        ["id", String(user.id)],
        ["username", user.username],
        ["email", `${user.email}${user.emailVerifiedAt ? " (confirmed)" : " (not confirmed)"}`],
        ["role", roleOf(user, env.ADMIN_EMAILS)],
        ["created", when(user.createdAt)],
        ["disabled", user.disabledAt ? when(user.disabledAt) : "no"],
        ["sessions", String(await liveSessions(db, user.id, now))],
      ];
      console.log(lines.map(([key, value]) => `${`${key}:`.padEnd(10)} ${value}`).join("\n"));
    } else if (action === "disable") {
      const { changed, sessionsEnded } = await disableAccount(db, user, now);
      console.log(
        `${changed ? `Disabled ${name}` : `${name} was already disabled`}; ${sessionsEnded} session(s) ended.`,
      );
    } else if (action === "enable") {
      const { changed } = await enableAccount(db, user, now);
      console.log(changed ? `Enabled ${name}: they can sign in again.` : `${name} was not disabled.`);
    } else if (action === "reset-password") {
      const { password, sessionsEnded } = await resetAccountPassword(db, user, now);
      console.log(`New password for ${name} (shown once; ${sessionsEnded} session(s) ended):`);
      console.log(password);
      if (user.disabledAt)
        console.log("The account is still disabled: `openmat admin users enable` lets it sign in.");
    } else {
      const { sessionsEnded } = await revokeAccountSessions(db, user, now);
      console.log(
        `Ended ${sessionsEnded} session(s) of ${name}. ` +
          "A running server that cached one forgets it within SESSION_CACHE_MS.",
      );
    }
  });
}

async function listCommand(env: Env, args: string[]) {
  const { limit, after } = pageOf(args);
  await withDatabase(env, async ({ db }) => {
    const { rows, total } = await listAccounts(db, limit, after);
    if (!rows.length) {
      console.log(after ? `No accounts after id ${after}.` : "No accounts.");
      return;
    }
    const head = ["ID", "USERNAME", "EMAIL", "ROLE", "CREATED", "DISABLED"];
    const body = rows.map((u) => [
      String(u.id),
      u.username,
      u.email,
      roleOf(u, env.ADMIN_EMAILS),
      when(u.createdAt),
      u.disabledAt ? when(u.disabledAt) : "-",
    ]);
    console.log(table([head, ...body]));
    const last = rows[rows.length - 1]?.id ?? after;
    const more =
      rows.length === limit ? `; next: openmat admin users list --limit ${limit} --after ${last}` : "";
    console.log(`${rows.length} of ${total} account(s)${more}`);
  });
}
