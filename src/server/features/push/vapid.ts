import { sql } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../../db/client";

/** The server's VAPID identity (RFC 8292): one key pair for every copy, and who to contact. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** Where a pair made at first start is kept: one app_meta row, so a pair is never half written. */
export const VAPID_META_KEY = "push.vapid";

export interface VapidConfig {
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
  VAPID_SUBJECT: string;
  PUBLIC_URL: string;
  ADMIN_EMAILS: readonly string[];
}

/**
 * Push services may write to the subject about a misbehaving sender: the configured one, else
 * the site itself when it is https, else the first admin's address.
 */
export function vapidSubject(env: VapidConfig): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.PUBLIC_URL.startsWith("https://")) return env.PUBLIC_URL;
  return `mailto:${env.ADMIN_EMAILS[0] ?? "admin@openmat.invalid"}`;
}

const isPair = (value: unknown): value is { publicKey: string; privateKey: string } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { publicKey?: unknown }).publicKey === "string" &&
  typeof (value as { privateKey?: unknown }).privateKey === "string";

/**
 * The VAPID keys: from the env when given, else the pair kept in the database, made at first
 * start. Copies starting at once each make a pair, the first insert wins, and every copy reads
 * back the one that won: all copies sign with the same key, and it stays across restarts.
 */
export async function loadVapid(db: Db, env: VapidConfig, now: Date): Promise<Vapid> {
  const subject = vapidSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const made = webpush.generateVAPIDKeys();
  await db.run(sql`INSERT INTO app_meta (key, value, updated_at)
    VALUES (${VAPID_META_KEY}, ${JSON.stringify(made)}, ${now.getTime()}) ON CONFLICT (key) DO NOTHING`);
  const rows = await db.all<{ value: string }>(sql`SELECT value FROM app_meta WHERE key = ${VAPID_META_KEY}`);
  const kept: unknown = JSON.parse(rows[0]?.value ?? "null");
  if (!isPair(kept)) throw new Error(`app_meta ${VAPID_META_KEY} does not hold a VAPID key pair`);
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}
