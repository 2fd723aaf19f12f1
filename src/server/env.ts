import { statSync } from "node:fs";
import * as v from "valibot";
import { backupEnvProblems, backupEnvSchema, backupEnvVars } from "./features/backups/env";
import { memberLimitEnvSchema, memberLimitEnvVars, positiveInt } from "./http/member-limits";

/**
 * Every environment variable the server reads, with its description for `openmat --help`.
 * One list, so the help text and the validation cannot drift apart.
 */
export const envVars = {
  PORT: { description: "HTTP port to listen on", default: "3000" },
  HOST: { description: "Interface to bind", default: "0.0.0.0" },
  DATABASE_URL: {
    description: "libSQL database: file:PATH, libsql://…, http(s)://… (sqld or Turso)",
    default: "file:data/openmat.db",
  },
  DATABASE_AUTH_TOKEN: { description: "Auth token for a remote libSQL database", default: "" },
  DATABASE_SYNC_URL: {
    description:
      "Primary libSQL server (sqld or Turso) for an embedded replica: DATABASE_URL is then this copy's local replica file, reads stay local and writes go to the primary; unset, no replica",
    default: "",
  },
  DATABASE_SYNC_INTERVAL: {
    description:
      "Seconds between an embedded replica's pulls from DATABASE_SYNC_URL: the longest another copy's write (a sign-out, a new school) takes to show here",
    default: "1",
  },
  SESSION_CACHE_MS: {
    description:
      "Milliseconds a copy reuses a session it looked up (a write on this copy to sessions or accounts forgets them all); a session revoked on another copy still works here for at most this long; 0 reads the database on every request",
    default: "1000",
  },
  PUBLIC_URL: {
    description: "Public origin of the site, used in links, canonical URLs and cookies",
    default: "http://localhost:3000",
  },
  NODE_ENV: {
    description:
      "production | development | test; only development, set by name, keeps mail in a dev mailbox (/dev/mailbox, for this machine only) and prints it",
    default: "production",
  },
  LOG_LEVEL: { description: "debug | info | warn | error", default: "info" },
  LOG_FORMAT: {
    description: "json (one object per line, for log shippers) | text (key=value lines, for reading)",
    default: "json",
  },
  LOG_ADDRESSES: {
    description: "Write the client's address into each request's log line (true | false)",
    default: "false",
  },
  METRICS_TOKEN: {
    description:
      "Bearer token that GET /metrics asks for; unset, /metrics answers only to this machine (loopback)",
    default: "",
  },
  DONATE_URL: { description: "URL of the donation button; unset means donations are off", default: "" },
  DEMO_DATA: { description: "Load demo data on first start (true | false)", default: "true" },
  SMTP_URL: {
    description:
      "SMTP server for outgoing mail, e.g. smtps://user:pass@mail.example:465; unset, mail is not delivered (development: kept in the dev mailbox)",
    default: "",
  },
  MAIL_FROM: { description: "Sender address of outgoing mail", default: "OpenMat <no-reply@openmat.local>" },
  ADMIN_EMAILS: {
    description: "Comma-separated e-mail addresses that are admins once their owner has verified them",
    default: "",
  },
  SIGNUP_LIMIT: { description: "Sign-ups per hour from one client IP", default: "5" },
  SEARCH_LIMIT_MEMBER: { description: "Searches per day for a signed-in member", default: "15" },
  SEARCH_LIMIT_GUEST: { description: "Searches per day for a guest (per client IP)", default: "5" },
  ...memberLimitEnvVars,
  UPLOAD_UNCLAIMED_MB: {
    description:
      "Megabytes of photo uploads a member may hold unclaimed at once (each upload link reserves its largest size until used or expired); a link beyond it answers 429",
    default: "100",
  },
  MEMBER_CACHE_MB: {
    description:
      "Megabytes of member pages and answers a copy keeps in memory, per member and address, until a table they were read from changes (0 keeps none)",
    default: "64",
  },
  LIVE_STREAM_LIMIT: {
    description:
      "Live event streams (open tabs) one member may hold at once, counted across copies; one more answers 429",
    default: "10",
  },
  GEOCODER_URL: {
    description:
      "Nominatim-compatible search URL for street addresses; unset uses the offline US geocoder only",
    default: "",
  },
  BASEMAP_URL: {
    description:
      "PMTiles archive for the map (e.g. a Protomaps extract with streets); unset uses the built-in US basemap",
    default: "",
  },
  BASEMAP_FILE: {
    description:
      "A PMTiles file on this machine to serve as the map instead of the built-in US basemap (e.g. one made by `openmat basemap extract`)",
    default: "",
  },
  TRUST_PROXY: {
    description: "Trust X-Forwarded-For for the client IP (set only behind your own proxy)",
    default: "false",
  },
  UPLOADS_DIR: {
    description: "Folder for uploaded photos when S3_BUCKET is unset",
    default: "data/uploads",
  },
  S3_BUCKET: {
    description: "S3-compatible bucket for uploaded photos; unset keeps them in UPLOADS_DIR",
    default: "",
  },
  S3_ENDPOINT: {
    description: "S3 endpoint URL (MinIO, R2, …); unset uses AWS",
    default: "",
  },
  S3_REGION: { description: "S3 region", default: "" },
  S3_ACCESS_KEY_ID: { description: "S3 access key id", default: "" },
  S3_SECRET_ACCESS_KEY: { description: "S3 secret access key", default: "" },
  VAPID_PUBLIC_KEY: {
    description:
      "Web Push VAPID public key (base64url, 65 bytes); set with VAPID_PRIVATE_KEY, or unset to make a pair at first start and keep it in the database",
    default: "",
  },
  VAPID_PRIVATE_KEY: { description: "Web Push VAPID private key (base64url, 32 bytes)", default: "" },
  VAPID_SUBJECT: {
    description:
      "Web Push contact for push services (mailto: or https:); unset, PUBLIC_URL when it is https, else the first of ADMIN_EMAILS",
    default: "",
  },
  PUSH_ALLOW_HTTP_LOOPBACK: {
    description:
      "Test and development only: accept push subscriptions whose endpoint is http on this machine (127.0.0.1, ::1, localhost)",
    default: "false",
  },
  ...backupEnvVars,
} as const satisfies Record<string, { description: string; default: string }>;

export type EnvName = keyof typeof envVars;

const url = (name: string) =>
  v.pipe(v.string(), v.url(`${name} must be a URL, for example https://openmat.example`));

const METRICS_TOKEN_RULE = "METRICS_TOKEN must be at least 16 characters, without spaces";

const envSchema = v.object({
  PORT: v.pipe(
    v.string(),
    v.transform(Number),
    v.integer("PORT must be a whole number"),
    v.minValue(0, "PORT must be between 0 and 65535"),
    v.maxValue(65535, "PORT must be between 0 and 65535"),
  ),
  HOST: v.pipe(v.string(), v.nonEmpty("HOST must not be empty")),
  DATABASE_URL: v.pipe(
    v.string(),
    v.regex(
      /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/|:memory:$)/,
      "DATABASE_URL must start with file:, libsql://, http://, https://, ws:// or wss://",
    ),
  ),
  DATABASE_AUTH_TOKEN: v.string(),
  DATABASE_SYNC_URL: v.union(
    [
      v.literal(""),
      v.pipe(
        v.string(),
        v.regex(/^(libsql|https?):\/\//, "DATABASE_SYNC_URL must start with libsql://, http:// or https://"),
      ),
    ],
    "DATABASE_SYNC_URL must be a URL",
  ),
  DATABASE_SYNC_INTERVAL: v.pipe(
    v.string(),
    v.transform(Number),
    v.number("DATABASE_SYNC_INTERVAL must be a number of seconds"),
    v.minValue(0.1, "DATABASE_SYNC_INTERVAL must be at least 0.1 seconds"),
  ),
  SESSION_CACHE_MS: v.pipe(
    v.string(),
    v.transform(Number),
    v.integer("SESSION_CACHE_MS must be a whole number"),
    v.minValue(0, "SESSION_CACHE_MS must be 0 or more"),
  ),
  PUBLIC_URL: v.pipe(
    url("PUBLIC_URL"),
    v.transform((s) => s.replace(/\/+$/, "")),
  ),
  NODE_ENV: v.picklist(
    ["production", "development", "test"],
    "NODE_ENV must be production, development or test",
  ),
  LOG_LEVEL: v.picklist(["debug", "info", "warn", "error"], "LOG_LEVEL must be debug, info, warn or error"),
  LOG_FORMAT: v.picklist(["json", "text"], "LOG_FORMAT must be json or text"),
  LOG_ADDRESSES: v.pipe(
    v.picklist(["true", "false", "1", "0"], "LOG_ADDRESSES must be true or false"),
    v.transform((s) => s === "true" || s === "1"),
  ),
  METRICS_TOKEN: v.union(
    [
      v.literal(""),
      v.pipe(v.string(), v.minLength(16, METRICS_TOKEN_RULE), v.regex(/^\S+$/, METRICS_TOKEN_RULE)),
    ],
    METRICS_TOKEN_RULE,
  ),
  DONATE_URL: v.union([v.literal(""), url("DONATE_URL")], "DONATE_URL must be a URL"),
  DEMO_DATA: v.pipe(
    v.picklist(["true", "false", "1", "0"], "DEMO_DATA must be true or false"),
    v.transform((s) => s === "true" || s === "1"),
  ),
  SMTP_URL: v.union([
    v.literal(""),
    v.pipe(v.string(), v.regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")),
  ]),
  MAIL_FROM: v.pipe(v.string(), v.nonEmpty("MAIL_FROM must not be empty")),
  ADMIN_EMAILS: v.pipe(
    v.string(),
    v.transform((s) =>
      s
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ),
  SIGNUP_LIMIT: positiveInt("SIGNUP_LIMIT"),
  SEARCH_LIMIT_MEMBER: positiveInt("SEARCH_LIMIT_MEMBER"),
  SEARCH_LIMIT_GUEST: positiveInt("SEARCH_LIMIT_GUEST"),
  ...memberLimitEnvSchema,
  UPLOAD_UNCLAIMED_MB: positiveInt("UPLOAD_UNCLAIMED_MB"),
  MEMBER_CACHE_MB: v.pipe(
    v.string(),
    v.transform(Number),
    v.integer("MEMBER_CACHE_MB must be a whole number"),
    v.minValue(0, "MEMBER_CACHE_MB must be 0 or more"),
  ),
  LIVE_STREAM_LIMIT: positiveInt("LIVE_STREAM_LIMIT"),
  GEOCODER_URL: v.union([v.literal(""), url("GEOCODER_URL")], "GEOCODER_URL must be a URL"),
  BASEMAP_URL: v.union(
    [
      v.literal(""),
      v.pipe(v.string(), v.regex(/^(https?:\/\/|\/)/, "BASEMAP_URL must be an http(s) URL or a path")),
    ],
    "BASEMAP_URL must be a URL",
  ),
  BASEMAP_FILE: v.string(),
  TRUST_PROXY: v.pipe(
    v.picklist(["true", "false", "1", "0"], "TRUST_PROXY must be true or false"),
    v.transform((s) => s === "true" || s === "1"),
  ),
  UPLOADS_DIR: v.pipe(v.string(), v.nonEmpty("UPLOADS_DIR must not be empty")),
  S3_BUCKET: v.string(),
  S3_ENDPOINT: v.union([v.literal(""), url("S3_ENDPOINT")], "S3_ENDPOINT must be a URL"),
  S3_REGION: v.string(),
  S3_ACCESS_KEY_ID: v.string(),
  S3_SECRET_ACCESS_KEY: v.string(),
  VAPID_PUBLIC_KEY: v.union(
    [v.literal(""), v.pipe(v.string(), v.regex(/^B[A-Za-z0-9_-]{86}=?$/))],
    "VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes, uncompressed)",
  ),
  VAPID_PRIVATE_KEY: v.union(
    [v.literal(""), v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}=?$/))],
    "VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)",
  ),
  VAPID_SUBJECT: v.union(
    [v.literal(""), v.pipe(v.string(), v.regex(/^(mailto:|https:\/\/)\S+$/))],
    "VAPID_SUBJECT must be a mailto: address or an https:// URL",
  ),
  PUSH_ALLOW_HTTP_LOOPBACK: v.pipe(
    v.picklist(["true", "false", "1", "0"], "PUSH_ALLOW_HTTP_LOOPBACK must be true or false"),
    v.transform((s) => s === "true" || s === "1"),
  ),
  ...backupEnvSchema,
});

export type Env = v.InferOutput<typeof envSchema>;

const SECRET_VARS = new Set([
  "DATABASE_AUTH_TOKEN",
  "METRICS_TOKEN",
  "S3_SECRET_ACCESS_KEY",
  "VAPID_PRIVATE_KEY",
]);

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** Reads the config from `source`, falling back to defaults; throws EnvError listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const raw: Record<string, string> = {};
  for (const [name, spec] of Object.entries(envVars)) {
    const value = source[name];
    raw[name] = value === undefined || value === "" ? spec.default : value;
  }
  if (!source.PUBLIC_URL && source.PORT) raw.PUBLIC_URL = `http://localhost:${raw.PORT}`;
  const result = v.safeParse(envSchema, raw);
  if (result.success) {
    // An embedded replica is a local file that the primary at DATABASE_SYNC_URL fills.
    if (result.output.DATABASE_SYNC_URL && !result.output.DATABASE_URL.startsWith("file:")) {
      throw new EnvError([
        `DATABASE_URL: with DATABASE_SYNC_URL it must be the replica's local file:PATH (got ${JSON.stringify(raw.DATABASE_URL)})`,
      ]);
    }
    // A VAPID key pair comes whole, or is made and kept in the database.
    if (Boolean(result.output.VAPID_PUBLIC_KEY) !== Boolean(result.output.VAPID_PRIVATE_KEY)) {
      throw new EnvError(["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither"]);
    }
    if (result.output.BASEMAP_FILE) {
      if (result.output.BASEMAP_URL) throw new EnvError(["BASEMAP_FILE and BASEMAP_URL: set one, not both"]);
      if (!isFile(result.output.BASEMAP_FILE)) {
        throw new EnvError([`BASEMAP_FILE: no such file (got ${JSON.stringify(raw.BASEMAP_FILE)})`]);
      }
    }
    const backupProblems = backupEnvProblems(result.output, raw);
    if (backupProblems.length) throw new EnvError(backupProblems);
    return result.output;
  }
  const problems = result.issues.map((issue) => {
    const key = issue.path?.[0]?.key;
    // A secret is never echoed to the terminal or the service's journal, even a wrong one.
    const got = SECRET_VARS.has(String(key))
      ? "its value is not shown"
      : `got ${JSON.stringify(raw[String(key)])}`;
    return `${String(key)}: ${issue.message} (${got})`;
  });
  throw new EnvError(problems);
}

export function envHelp(): string {
  const width = Math.max(...Object.keys(envVars).map((k) => k.length));
  return Object.entries(envVars)
    .map(([name, spec]) => {
      const fallback = spec.default ? ` (default: ${spec.default})` : "";
      return `  ${name.padEnd(width)}  ${spec.description}${fallback}`;
    })
    .join("\n");
}
