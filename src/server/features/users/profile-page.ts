import { fillPlaceholders, type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { FEED_PAGE_SIZE } from "../../../common/schemas/posts";
import {
  defaultPrivacySettings,
  type PrivacyFlag,
  type PrivacySettings,
  privacyFlags,
} from "../../../common/schemas/settings";
import type { ProfileView, PublicUser } from "../../../common/schemas/users";
import type { Db } from "../../../db/client";
import { userSettings } from "../../../db/schema";
import { can } from "../../policy/access";
import { type Relation, SELF, STRANGER } from "../../policy/relation";
import type { MemberSubject } from "../../policy/rules";
import type { PolicyViewer } from "../../policy/viewer";
import { viewerId } from "../../policy/viewer";
import { badgeAwardsSql, badgeMetricsSql, badgesFromJson } from "../badges/service";
import { checkinsFromSql, checkinsSql } from "../checkins/service";
import { savedGymSummariesSql, savedGymsFromJson } from "../favorites/service";
import { userPostsSql, userPostViewsFromJson } from "../posts/service";

/** The profile page lists at most this many saved gyms, newest first. */
export const PROFILE_SAVED_GYMS_MAX = 50;

const me = sql`${sql.placeholder("me")}`;
const member = sql`${sql.placeholder("member")}`;
const postsLimit = sql`${sql.placeholder("limit")}`;
const flagColumns = sql.raw(privacyFlags.map((f) => `us.${userSettings[f].name}`).join(", "));

/**
 * Everything the profile page shows, read in one statement (one round trip on sqld): the
 * member with their flags, how the viewer stands to them (as relationsTo works it out),
 * their saved gyms, awards, check-ins and first page of posts the policy's SQL lets the
 * viewer read, and for the owner their badge metrics. Each part is a JSON value the
 * feature that owns it reads back. What the viewer is shown of it is decided after, by the
 * policy, exactly as the separate services did.
 */
function statement(kind: PolicyViewer["kind"], owner: boolean): SQL {
  return sql`SELECT
    (SELECT json_array(u.id, u.username, u.profile_photo, u.belt_level, u.about_me, u.city, u.home_gym,
        us.user_id IS NOT NULL, ${flagColumns})
      FROM users u LEFT JOIN user_settings us ON us.user_id = u.id WHERE u.id = ${member}),
    EXISTS (SELECT 1 FROM follows WHERE follower_id = ${me} AND following_id = ${member}),
    EXISTS (SELECT 1 FROM follows WHERE follower_id = ${member} AND following_id = ${me}),
    EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${me} AND blocked_id = ${member})
      OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${member} AND blocked_id = ${me}),
    ${savedGymSummariesSql(member, PROFILE_SAVED_GYMS_MAX)},
    ${badgeAwardsSql(member)},
    ${owner ? badgeMetricsSql(member) : sql`NULL`},
    ${checkinsSql(member)},
    ${userPostsSql(kind, me, member, postsLimit)}`;
}

const dialect = new SQLiteAsyncDialect();
const compiled = new Map<string, { sql: string; params: unknown[] }>();

/** The statement's text depends only on the kind of viewer and whether they are the member. */
function compiledFor(kind: PolicyViewer["kind"], owner: boolean) {
  const key = `${kind}:${owner}`;
  let found = compiled.get(key);
  if (!found) {
    found = dialect.sqlToQuery(statement(kind, owner));
    compiled.set(key, found);
  }
  return found;
}

const bool = (value: unknown) => Number(value) === 1;

type MemberJson = [number, string, string | null, string | null, string | null, string | null, string | null];

/** The member's columns and flags as the statement's first value answers them. */
function memberOf(json: string) {
  const values = JSON.parse(json) as unknown[];
  const [id, username, profilePhoto, beltLevel, aboutMe, city, homeGym] = values as MemberJson;
  const flags = values.slice(8);
  const settings: PrivacySettings = bool(values[7])
    ? (Object.fromEntries(privacyFlags.map((f: PrivacyFlag, i) => [f, bool(flags[i])])) as PrivacySettings)
    : { ...defaultPrivacySettings };
  return { user: { id, username, profilePhoto, beltLevel, aboutMe, city, homeGym }, settings };
}

/**
 * A member as the viewer may see them: each profile field the policy allows, the others
 * null. `badges` is the member's badge count, shown when profile.badgeCount.read allows.
 */
export function toPublicUser(
  user: ReturnType<typeof memberOf>["user"],
  viewer: PolicyViewer,
  subject: MemberSubject,
  badges = 0,
): PublicUser {
  return {
    id: user.id,
    username: user.username,
    profilePhoto: user.profilePhoto,
    beltLevel: can(viewer, "profile.beltLevel.read", subject) ? user.beltLevel : null,
    aboutMe: can(viewer, "profile.aboutMe.read", subject) ? user.aboutMe : null,
    city: can(viewer, "profile.city.read", subject) ? user.city : null,
    homeGym: can(viewer, "profile.homeGym.read", subject) ? user.homeGym : null,
    badgeCount: can(viewer, "profile.badgeCount.read", subject) ? badges : null,
  };
}

/**
 * Everything /profile and /users/{id} show, in one statement (see `statement`); null when
 * the page must say 'User Not Found' (an unknown member, a block either way, a viewer the
 * policy does not let read profiles). Each part follows the policy as its own service
 * does: saved gyms favorites.read; awards badges.read and, for their list and count,
 * profile.badgeCount.read; check-ins checkins.read and, for the gyms, checkins.gymNames.read;
 * posts post.read, each one. Progress and settings are the owner's alone. A part the
 * policy refuses is null, as the page had it when its service refused.
 */
export async function profilePageData(db: Db, viewer: PolicyViewer, userId: number, now: Date) {
  const id = viewerId(viewer);
  const query = compiledFor(viewer.kind, id === userId);
  const args = fillPlaceholders(query.params, { me: id ?? 0, member: userId, limit: FEED_PAGE_SIZE });
  const result = await db.$client.execute({ sql: query.sql, args: args as (string | number | null)[] });
  const row = result.rows[0];
  if (!row || row[0] === null) return null;
  const { user, settings } = memberOf(String(row[0]));
  const relation: Relation =
    id === null
      ? STRANGER
      : id === userId
        ? SELF
        : { self: false, follows: bool(row[1]), followedBy: bool(row[2]), blocked: bool(row[3]) };
  const subject: MemberSubject = { relation, settings };
  if (!can(viewer, "profile.read", subject)) return null;
  const isOwner = relation.self;
  const badges = badgesFromJson(row[5], row[6], userId);
  const showsCount = can(viewer, "profile.badgeCount.read", subject);
  const saved = can(viewer, "favorites.read", subject) ? savedGymsFromJson(row[4]) : [];
  const view: ProfileView = {
    user: toPublicUser(user, viewer, subject, showsCount ? badges.count : 0),
    isOwner,
    isFollowing: relation.follows,
    canInteract: can(viewer, "user.follow", subject),
    savedGyms: saved.length > 0 ? saved : null,
  };
  const awards = isOwner
    ? badges.awards
    : can(viewer, "badges.read", subject)
      ? showsCount
        ? badges.awards
        : []
      : null;
  const activity =
    isOwner || can(viewer, "checkins.read", subject)
      ? checkinsFromSql(row[7], userId, isOwner || can(viewer, "checkins.gymNames.read", subject), now)
      : null;
  return {
    view,
    ownerSettings: isOwner ? settings : null,
    badges: { awards, progress: isOwner ? badges.progress : null },
    activity,
    posts: userPostViewsFromJson(row[8], viewer, user, subject),
  };
}
