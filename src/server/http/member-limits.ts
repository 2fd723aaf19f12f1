import * as v from "valibot";
import type { RateRule } from "./rate-limit";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface MemberLimitSpec {
  /** What is counted, for `openmat --help` and the README. */
  what: string;
  windowMs: number;
  /** The env var that sets the limit, and its default. */
  env: string;
  default: number;
  /**
   * "route": the route's `limit` option counts one per request, after its input is valid.
   * "service": the service counts it itself, because some requests must not count (a
   * repeated report, an address that does not geocode) or a guest is counted by address.
   */
  chargedBy: "route" | "service";
}

/**
 * Every member write's limit, in one table (ARCHITECTURE "Limits are one mechanism"):
 * each state-changing route names one of these, and a test walks the route table to keep
 * it so. Counts live in `rate_counters`, so every copy shares them and they stay exact
 * under requests sent at once. The defaults sit far above a busy evening (a message a
 * second for a minute is fine) and far below a script (a thousand an hour is not).
 */
export const memberLimitTable = {
  "message.send": {
    what: "messages sent",
    windowMs: HOUR_MS,
    env: "LIMIT_MESSAGES_PER_HOUR",
    default: 300,
    chargedBy: "route",
  },
  "conversation.create": {
    what: "conversations opened with another member",
    windowMs: HOUR_MS,
    env: "LIMIT_CONVERSATIONS_PER_HOUR",
    default: 60,
    chargedBy: "route",
  },
  "read.mark": {
    what: "marks of a conversation or notifications as read",
    windowMs: HOUR_MS,
    env: "LIMIT_READ_MARKS_PER_HOUR",
    default: 1200,
    chargedBy: "route",
  },
  "post.create": {
    what: "posts published",
    windowMs: HOUR_MS,
    env: "LIMIT_POSTS_PER_HOUR",
    default: 30,
    chargedBy: "route",
  },
  "post.like": {
    what: "likes and unlikes",
    windowMs: HOUR_MS,
    env: "LIMIT_LIKES_PER_HOUR",
    default: 300,
    chargedBy: "route",
  },
  "content.delete": {
    what: "deletions of own posts and check-ins",
    windowMs: HOUR_MS,
    env: "LIMIT_DELETES_PER_HOUR",
    default: 120,
    chargedBy: "route",
  },
  "user.follow": {
    what: "follows and unfollows",
    windowMs: HOUR_MS,
    env: "LIMIT_FOLLOWS_PER_HOUR",
    default: 120,
    chargedBy: "route",
  },
  "user.block": {
    what: "blocks and unblocks",
    windowMs: HOUR_MS,
    env: "LIMIT_BLOCKS_PER_HOUR",
    default: 60,
    chargedBy: "route",
  },
  "favorite.change": {
    what: "gyms saved and removed",
    windowMs: HOUR_MS,
    env: "LIMIT_FAVORITES_PER_HOUR",
    default: 200,
    chargedBy: "route",
  },
  "push.subscribe": {
    what: "devices turned on and off for push notifications, and changes of what they get",
    windowMs: HOUR_MS,
    env: "LIMIT_PUSH_SUBSCRIPTIONS_PER_HOUR",
    default: 60,
    chargedBy: "route",
  },
  "upload.ticket": {
    what: "photo upload links",
    windowMs: HOUR_MS,
    env: "LIMIT_UPLOADS_PER_HOUR",
    default: 60,
    chargedBy: "route",
  },
  "photo.process": {
    what: "photos decoded and stored (a profile photo, a post's photos)",
    windowMs: HOUR_MS,
    env: "LIMIT_PHOTOS_PER_HOUR",
    default: 60,
    chargedBy: "route",
  },
  "profile.edit": {
    what: "profile, settings and badge edits",
    windowMs: HOUR_MS,
    env: "LIMIT_PROFILE_EDITS_PER_HOUR",
    default: 120,
    chargedBy: "route",
  },
  "checkin.attempt": {
    what: "check-in attempts and verifications",
    windowMs: HOUR_MS,
    env: "LIMIT_CHECKINS_PER_HOUR",
    default: 30,
    // In the check-in's own transaction (http/charged-write.ts): one commit, not two.
    chargedBy: "service",
  },
  "going.change": {
    what: "open mats said going to and taken back",
    windowMs: HOUR_MS,
    env: "LIMIT_GOING_PER_HOUR",
    default: 120,
    chargedBy: "route",
  },
  "account.change": {
    what: "password, username, e-mail and deletion requests",
    windowMs: HOUR_MS,
    env: "LIMIT_ACCOUNT_CHANGES_PER_HOUR",
    default: 20,
    chargedBy: "route",
  },
  "calendar.rotate": {
    what: "calendar addresses made anew or turned off",
    windowMs: HOUR_MS,
    env: "LIMIT_CALENDAR_RESETS_PER_HOUR",
    default: 10,
    chargedBy: "route",
  },
  "email.resend": {
    what: "verification e-mails sent again",
    windowMs: HOUR_MS,
    env: "LIMIT_EMAIL_RESENDS_PER_HOUR",
    default: 3,
    chargedBy: "service",
  },
  "report.create": {
    what: "new reports of posts, profiles and messages (a repeat is free)",
    windowMs: DAY_MS,
    env: "LIMIT_REPORTS_PER_DAY",
    default: 20,
    chargedBy: "service",
  },
  "submission.create": {
    what: "open-mat submissions (one whose address does not geocode is free)",
    windowMs: DAY_MS,
    env: "SUBMISSION_DAILY_LIMIT",
    default: 10,
    chargedBy: "service",
  },
  "feedback.create": {
    what: "feedback on a school, per member or per guest's address",
    windowMs: HOUR_MS,
    env: "LIMIT_FEEDBACK_PER_HOUR",
    default: 10,
    chargedBy: "service",
  },
  "school.claim": {
    what: "new claims to manage a gym (a repeat of an open claim is free)",
    windowMs: DAY_MS,
    env: "LIMIT_CLAIMS_PER_DAY",
    default: 10,
    chargedBy: "service",
  },
  "school.edit": {
    what: "edits of a gym's listing by its owners and admins (schedule, contact fields, visitor rules)",
    windowMs: HOUR_MS,
    env: "LIMIT_SCHOOL_EDITS_PER_HOUR",
    default: 120,
    chargedBy: "route",
  },
  "rating.change": {
    what: "gym ratings given, changed and deleted, and owners' answers to reviews",
    windowMs: HOUR_MS,
    env: "LIMIT_RATINGS_PER_HOUR",
    default: 60,
    chargedBy: "route",
  },
  "admin.decision": {
    what: "an admin's decisions (approve, merge, reject, apply, dismiss, remove)",
    windowMs: HOUR_MS,
    env: "LIMIT_ADMIN_DECISIONS_PER_HOUR",
    default: 1000,
    chargedBy: "route",
  },
} as const satisfies Record<string, MemberLimitSpec>;

export type MemberLimitName = keyof typeof memberLimitTable;
type LimitEnvName = (typeof memberLimitTable)[MemberLimitName]["env"];

const entries = Object.entries(memberLimitTable) as [MemberLimitName, MemberLimitSpec][];

const windowWords = (ms: number) => (ms === DAY_MS ? "day" : ms === HOUR_MS ? "hour" : `${ms / 1000} s`);

/** The limits' env vars for `openmat --help` (merged into env.ts's list). */
export const memberLimitEnvVars = Object.fromEntries(
  entries.map(([, spec]) => [
    spec.env,
    {
      description: `Per member per ${windowWords(spec.windowMs)}: ${spec.what}`,
      default: String(spec.default),
    },
  ]),
) as Record<LimitEnvName, { description: string; default: string }>;

/** An env var holding a whole number of at least 1 (the limits here, and env.ts's own). */
export const positiveInt = (name: string) =>
  v.pipe(
    v.string(),
    v.transform(Number),
    v.integer(`${name} must be a whole number`),
    v.minValue(1, `${name} must be at least 1`),
  );

/** The limits' part of env.ts's schema: each a whole number of at least 1. */
export const memberLimitEnvSchema = Object.fromEntries(
  entries.map(([, spec]) => [spec.env, positiveInt(spec.env)]),
) as Record<LimitEnvName, ReturnType<typeof positiveInt>>;

export type MemberLimitConfig = Record<LimitEnvName, number>;

/** The table's defaults, for services and tests built without an env. */
export const memberLimitDefaults = Object.fromEntries(
  entries.map(([, spec]) => [spec.env, spec.default]),
) as MemberLimitConfig;

/** The rate rule of one limit for a member (by id) or a guest (by client address). */
export function limitRule(
  name: MemberLimitName,
  who: { memberId: number } | { ip: string },
  limit: number,
): RateRule {
  const subject = "memberId" in who ? `user:${who.memberId}` : `ip:${who.ip}`;
  return { key: `limit:${name}:${subject}`, limit, windowMs: memberLimitTable[name].windowMs };
}

/** The rate rule for one member and one limit, as configured. */
export function memberLimitRule(config: MemberLimitConfig, name: MemberLimitName, memberId: number) {
  const spec: MemberLimitSpec = memberLimitTable[name];
  return limitRule(name, { memberId }, config[spec.env as LimitEnvName]);
}

/**
 * Writes that no member limit covers, each with why: a test walking the route table
 * accepts a state-changing route only if it names a limit or is listed here.
 */
export const writesWithoutMemberLimit: Record<string, string> = {
  "POST /api/auth/login": "a guest's; throttled per account and per address in the auth service",
  "POST /api/auth/register": "a guest's; SIGNUP_LIMIT per address in the auth service",
  "POST /api/auth/forgot-password": "a guest's; throttled per address and per account in the auth service",
  "POST /api/auth/reset-password": "a guest's; needs a mailed single-use token",
  "POST /api/auth/verify-reset-token": "a guest's check of a mailed token; changes nothing",
  "POST /api/auth/logout": "ends the caller's own session",
  "POST /verify-email": "opens a mailed single-use link",
  "POST /unsubscribe": "opens a mailed unsubscribe link",
  "ALL /*": "the not-found page: answers 404 and changes nothing",
  "POST /api/schools/:id/seen":
    "a guest's beacon: adds one to a school's daily total (capped per school and day), keeps nothing per visitor",
  "PUT /uploads/:token":
    "spends a single-use upload ticket, which is limited (upload.ticket) and capped in bytes",
};
