/**
 * The member's private calendar address (issue 22). The address holds a token; only the
 * token's SHA-256 is stored (`calendar_feeds.token_hash`, what a calendar app's request is
 * looked up by), as sessions keep theirs. The account page shows the address again, so the
 * token must be found again without being stored: it is derived, HMAC-SHA-256 of the
 * address row's id under a server secret made at first use and kept in app_meta
 * (`calendar_feed_secret`), cut to 160 bits like a session token. A new address is a new
 * row, so a new token; a revoked row's token finds nothing. The secret sits in the same
 * database as the hashes: whoever reads the whole database could derive the live tokens
 * (the trade for an address shown again; a stolen copy of the hashes alone is not enough).
 */
import { createHmac } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { CALENDAR_OFF, type CalendarAddress } from "../../../common/schemas/member-calendar";
import type { Db } from "../../../db/client";
import { tableVersions, type VersionedTable } from "../../../db/table-versions";
import { hashToken } from "../auth/service";
import { currentSchoolsVersion } from "../schools/service";
import { calendarBody, calendarInputs, stampOf } from "./calendar";
import { feedCacheOf, todaysIn } from "./feed-cache";
import {
  hadFeed,
  insertFeed,
  keepSecret,
  liveFeed,
  memberOfToken,
  revokeFeed,
  setTokenHash,
} from "./queries";

export interface MemberCalendarDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
}

/** A token as the address carries it: 32 base32 letters (160 bits). */
export const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

const TOKEN_BYTES = 20;
const secrets = new WeakMap<Db, Promise<string>>();

/** The server's calendar secret: made at first use, kept in app_meta, read once per database. */
function secretOf(db: Db, now: Date): Promise<string> {
  let secret = secrets.get(db);
  if (!secret) {
    const made = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
    secret = keepSecret(db, made, now);
    // A failed read is not kept: the next request tries again.
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

async function tokenOf(deps: MemberCalendarDeps, feedId: number): Promise<string> {
  const mac = createHmac("sha256", await secretOf(deps.db, deps.now()))
    .update(`calendar-feed:${feedId}`)
    .digest();
  return encodeBase32LowerCaseNoPadding(mac.subarray(0, TOKEN_BYTES));
}

function addressOf(publicUrl: string, token: string): CalendarAddress {
  const url = new URL(`/calendar/${token}.ics`, publicUrl);
  return { https: url.href, webcal: `webcal://${url.host}${url.pathname}` };
}

/**
 * The member's live address, or CALENDAR_OFF. Its stored hash is set here when it is still
 * the placeholder it was inserted with (by this request, or by one that stopped in between).
 */
async function liveAddress(deps: MemberCalendarDeps, userId: number): Promise<CalendarAddress> {
  const feed = await liveFeed(deps.db, userId);
  if (!feed) return CALENDAR_OFF;
  const token = await tokenOf(deps, feed.id);
  const tokenHash = hashToken(token);
  if (feed.tokenHash !== tokenHash) await setTokenHash(deps.db, feed.id, tokenHash);
  return addressOf(deps.publicUrl, token);
}

/** A placeholder hash: unique, never a SHA-256 hex, so no token finds the row before its hash is set. */
const placeholder = () => `pending:${crypto.randomUUID()}`;

/**
 * `GET /api/account/calendar`: the member's address, made on the first ask (asks sent at
 * once make one: the live-address index). A member who turned it off gets CALENDAR_OFF
 * until they ask for a new one (rotate), so the account page never turns it on by itself.
 */
export async function calendarAddress(deps: MemberCalendarDeps, userId: number): Promise<CalendarAddress> {
  const { db } = deps;
  if (!(await liveFeed(db, userId)) && !(await hadFeed(db, userId)))
    await insertFeed(db, userId, placeholder(), deps.now());
  return liveAddress(deps, userId);
}

/** `POST /api/account/calendar/rotate`: the live address revoked and a new one made, at once. */
export async function rotateCalendar(deps: MemberCalendarDeps, userId: number): Promise<CalendarAddress> {
  const now = deps.now();
  await deps.db.batch([revokeFeed(deps.db, userId, now), insertFeed(deps.db, userId, placeholder(), now)]);
  return liveAddress(deps, userId);
}

/** `DELETE /api/account/calendar`: no live address until a new one is made. */
export async function revokeCalendar(deps: MemberCalendarDeps, userId: number): Promise<CalendarAddress> {
  await revokeFeed(deps.db, userId, deps.now());
  return CALENDAR_OFF;
}

export interface CalendarFeed {
  body: string;
  etag: string;
  /** The body gzipped, made when first asked for and kept with it. */
  gzip?: Uint8Array<ArrayBuffer>;
}

/**
 * The calendar a token's address shows, with its ETag (of the body); null for a malformed,
 * unknown or revoked token. Kept by this copy while nothing it is made of changes (feed-cache.ts).
 */
export async function calendarFeed(deps: MemberCalendarDeps, token: string): Promise<CalendarFeed | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const now = deps.now();
  // A poll while none of what the feed is made of has moved (nor the minute): no statement at all.
  const stamp = `${await tableVersions(deps.db.$client, CALENDAR_TABLES)}|${Math.floor(now.getTime() / 60_000)}`;
  const polled = polls(deps.db).get(tokenHash);
  if (polled?.stamp === stamp) return polled.feed;
  const feed = await madeFeed(deps, tokenHash, now);
  if (feed) polls(deps.db).set(tokenHash, { stamp, feed });
  return feed;
}

/** What a calendar is made of: its address row, the member, their saved gyms and RSVPs, and the gyms' listings. */
const CALENDAR_TABLES: readonly VersionedTable[] = [
  "calendar_feeds",
  "users",
  "favorites",
  "occurrence_going",
  "schools",
  "open_mat_sessions",
  "schedule_exceptions",
];

/** Per token hash, the last feed answered and the stamp it was answered at; bounded (the feeds themselves are in feed-cache.ts). */
const pollsByDb = new WeakMap<Db, Map<string, { stamp: string; feed: CalendarFeed }>>();
function polls(db: Db) {
  let kept = pollsByDb.get(db);
  if (!kept) {
    kept = new Map();
    pollsByDb.set(db, kept);
  }
  if (kept.size > 10_000) kept.clear();
  return kept;
}

async function madeFeed(
  deps: MemberCalendarDeps,
  tokenHash: string,
  now: Date,
): Promise<CalendarFeed | null> {
  const userId = await memberOfToken(deps.db, tokenHash);
  if (userId === null) return null;
  // The version first: a school changed while the body is made gives a newer one next time.
  const [version, inputs] = await Promise.all([
    currentSchoolsVersion(deps.db),
    calendarInputs(deps.db, userId, now),
  ]);
  const key = [
    version,
    stampOf(now).getTime(),
    inputs.savedIds.join(","),
    inputs.going.map((g) => `${g.schoolId}:${g.date}@${g.startMinute}`).join(","),
  ].join("|");
  const cache = feedCacheOf(deps.db);
  const kept = cache.get(userId, key, now);
  if (kept) return kept;
  const { body, zones } = await calendarBody(deps, userId, inputs.going);
  const feed = { key, zones, todays: todaysIn(zones, now), body, etag: `"${hashToken(body).slice(0, 32)}"` };
  cache.set(userId, feed);
  return feed;
}
