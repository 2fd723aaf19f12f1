import { type SQL, sql } from "drizzle-orm";
import { authMessages } from "../../../common/schemas/auth";
import {
  type BlockedUser,
  type BlockState,
  type FollowState,
  type Friend,
  type ProfileView,
  type PublicUser,
  type UpdateProfileInput,
  USER_SEARCH_MAX,
  type UserSearchResult,
  userMessages,
} from "../../../common/schemas/users";
import type { Db, Tx } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { can, requireAccess } from "../../policy/access";
import { relationsTo, relationTo, SELF, STRANGER } from "../../policy/relation";
import type { MemberSubject } from "../../policy/rules";
import type { PolicyViewer } from "../../policy/viewer";
import { toSelf } from "../auth/service";
import { badgeCount } from "../badges/service";
import { savedGymSummaries } from "../favorites/service";
import { settingsFromRow } from "../settings/service";
import { PROFILE_SAVED_GYMS_MAX, toPublicUser } from "./profile-page";
import {
  blockedUsers,
  deleteBlock,
  deleteFollow,
  findUserRow,
  findUserWithSettings,
  followedUsers,
  insertBlock,
  insertFollow,
  searchUsernames,
  type UserRow,
  updateProfileFields,
  userExists,
} from "./queries";

/** The profile page's reads in one statement (profile-page.ts). */
export { PROFILE_SAVED_GYMS_MAX, profilePageData, toPublicUser } from "./profile-page";

/** The friends list (the people a member follows) answers at most this many, newest first. */
export const FRIENDS_MAX = 500;
/** The blocked list answers at most this many, newest first. */
export const BLOCKED_MAX = 500;

const notFound = () => new HttpError(404, userMessages.userNotFound);
const refusedAsUnknown = { forbidden: userMessages.userNotFound, notFound: userMessages.userNotFound };

/** The signed-in member's id; the route guard has already refused guests. */
function memberId(viewer: PolicyViewer): number {
  if (viewer.kind === "guest") throw new HttpError(401, authMessages.notSignedIn);
  return viewer.id;
}

/** The member and how the viewer stands to them: two queries; undefined for an unknown id. */
async function loadMember(db: Db, viewer: PolicyViewer, userId: number) {
  const [row, relation] = await Promise.all([
    findUserWithSettings(db, userId),
    relationTo(db, viewer, userId),
  ]);
  if (!row) return undefined;
  const subject: MemberSubject = { relation, settings: settingsFromRow(row.settings) };
  return { user: row.user, subject };
}

/** GET /api/users/{id}: 404 for an unknown member and for a block either way (policy profile.read). */
export async function getPublicUser(db: Db, viewer: PolicyViewer, userId: number): Promise<PublicUser> {
  const member = await loadMember(db, viewer, userId);
  if (!member) throw notFound();
  requireAccess(viewer, "profile.read", member.subject, refusedAsUnknown);
  return toPublicUser(
    member.user,
    viewer,
    member.subject,
    await visibleBadgeCount(db, viewer, member.subject, userId),
  );
}

/** The badge count when the policy shows it (one query), else 0 without asking. */
const visibleBadgeCount = async (db: Db, viewer: PolicyViewer, subject: MemberSubject, userId: number) =>
  can(viewer, "profile.badgeCount.read", subject) ? badgeCount(db, userId) : 0;

/**
 * The profile page's data (/profile and /users/{id}), null when the page must say 'User
 * Not Found': an unknown member, a block either way, or a viewer the policy does not let
 * read profiles (a guest). Saved gyms follow favorites.read.
 */
export async function profileView(db: Db, viewer: PolicyViewer, userId: number): Promise<ProfileView | null> {
  const member = await loadMember(db, viewer, userId);
  if (!member || !can(viewer, "profile.read", member.subject)) return null;
  const { user, subject } = member;
  const [saved, badges] = await Promise.all([
    can(viewer, "favorites.read", subject) ? savedGymSummaries(db, userId, PROFILE_SAVED_GYMS_MAX) : [],
    visibleBadgeCount(db, viewer, subject, userId),
  ]);
  return {
    user: toPublicUser(user, viewer, subject, badges),
    isOwner: subject.relation.self,
    isFollowing: subject.relation.follows,
    canInteract: can(viewer, "user.follow", subject),
    savedGyms: saved.length > 0 ? saved : null,
  };
}

/**
 * PATCH /api/users/profile: fields left out stay as they are, an empty string clears one.
 * Answers the member as /api/auth/me does, read again after the write.
 */
export async function updateProfile(
  db: Db,
  viewer: PolicyViewer,
  input: UpdateProfileInput,
  adminEmails: readonly string[],
) {
  const id = memberId(viewer);
  const changes: Partial<Pick<UserRow, "beltLevel" | "aboutMe" | "city" | "homeGym">> = {};
  for (const field of ["beltLevel", "aboutMe", "city", "homeGym"] as const) {
    const value = input[field];
    if (value !== undefined) changes[field] = value === "" ? null : value;
  }
  if (Object.keys(changes).length > 0) await updateProfileFields(db, id, changes);
  const user = await findUserRow(db, id);
  if (!user) throw new HttpError(401, authMessages.notSignedIn);
  return toSelf(user, adminEmails);
}

/**
 * Follows a member (policy user.follow): yourself is 400, an unknown member or one in a
 * block with you (either way) 404. Following twice, or twice at once, leaves one row.
 */
export async function follow(db: Db, viewer: PolicyViewer, userId: number, now: Date): Promise<FollowState> {
  const me = memberId(viewer);
  if (userId === me) throw new HttpError(400, userMessages.followSelf);
  const member = await loadMember(db, viewer, userId);
  if (!member) throw notFound();
  requireAccess(viewer, "user.follow", member.subject, {
    forbidden: userMessages.blocked,
    notFound: userMessages.userNotFound,
  });
  if (await insertFollow(db, me, userId, now)) return { isFollowing: true };
  // Nothing added: already following, or a block landed since the check above.
  const relation = await relationTo(db, viewer, userId);
  if (relation.blocked) throw notFound();
  return { isFollowing: relation.follows };
}

/** Unfollows; idempotent. Yourself is 400; an unknown member or a block either way is 404. */
export async function unfollow(db: Db, viewer: PolicyViewer, userId: number): Promise<FollowState> {
  const me = memberId(viewer);
  if (userId === me) throw new HttpError(400, userMessages.followSelf);
  const member = await loadMember(db, viewer, userId);
  if (!member) throw notFound();
  requireAccess(viewer, "profile.read", member.subject, refusedAsUnknown);
  await deleteFollow(db, me, userId);
  return { isFollowing: false };
}

/** Whether the viewer follows the member: 404 for an unknown member or a block either way. */
export async function followStatus(db: Db, viewer: PolicyViewer, userId: number): Promise<boolean> {
  const member = await loadMember(db, viewer, userId);
  if (!member) throw notFound();
  requireAccess(viewer, "profile.read", member.subject, refusedAsUnknown);
  return member.subject.relation.follows;
}

/**
 * The people the viewer follows (the spec's friends), newest first, at most FRIENDS_MAX;
 * anyone the policy does not let the viewer see (a block) is left out. Two queries.
 */
export async function listFriends(db: Db, viewer: PolicyViewer): Promise<Friend[]> {
  const me = memberId(viewer);
  const rows = await followedUsers(db, me, FRIENDS_MAX);
  const relations = await relationsTo(
    db,
    viewer,
    rows.map((r) => r.id),
  );
  return rows
    .filter((r) => {
      const relation = relations.get(r.id);
      return relation && can(viewer, "profile.read", { relation, settings: settingsFromRow(r.settings) });
    })
    .map((r) => ({
      id: r.id,
      followedAt: r.followedAt.toISOString(),
      following: { id: r.id, username: r.username, profilePhoto: r.profilePhoto },
    }));
}

/**
 * Members whose username contains `q` (case-insensitive; `%` and `_` are literal): exact
 * match first, then prefix matches, then the rest, alphabetically within each, at most
 * USER_SEARCH_MAX. An empty or blank `q` finds nobody. The viewer is included; members in
 * a block with the viewer are not. One query (two when fewer than a page start with `q`).
 */
export async function searchUsers(db: Db, viewer: PolicyViewer, q: string): Promise<UserSearchResult[]> {
  const me = memberId(viewer);
  const needle = q.trim();
  if (!needle) return [];
  const rows = await searchUsernames(db, me, needle, USER_SEARCH_MAX);
  const results: UserSearchResult[] = [];
  for (const r of rows) {
    // The statement worked out the relation and left out anyone in a block with the viewer.
    const relation =
      r.id === me ? SELF : { ...STRANGER, follows: Boolean(r.follows), followedBy: Boolean(r.followedBy) };
    if (!can(viewer, "profile.read", { relation, settings: settingsFromRow(r.settings) })) continue;
    results.push({
      id: r.id,
      username: r.username,
      profilePhoto: r.profilePhoto,
      isFollowing: relation.follows,
    });
  }
  return results;
}

/**
 * Blocks a member (policy user.block): yourself is 400, an unknown member 404. The follows
 * between the two go, both ways, in the same transaction. Blocking twice is a no-op.
 */
export async function block(db: Db, viewer: PolicyViewer, userId: number, now: Date): Promise<BlockState> {
  const me = memberId(viewer);
  if (userId === me) throw new HttpError(400, userMessages.blockSelf);
  const member = await loadMember(db, viewer, userId);
  if (!member) throw notFound();
  requireAccess(viewer, "user.block", member.subject, refusedAsUnknown);
  await insertBlock(db, me, userId, now);
  return { isBlocked: true };
}

/** Lifts the viewer's own block; idempotent. Follows removed by the block do not come back. */
export async function unblock(db: Db, viewer: PolicyViewer, userId: number): Promise<BlockState> {
  const me = memberId(viewer);
  if (userId === me) throw new HttpError(400, userMessages.blockSelf);
  if (!(await userExists(db, userId))) throw notFound();
  await deleteBlock(db, me, userId);
  return { isBlocked: false };
}

/** The members the viewer blocked, newest first, so they can be unblocked (a block hides their profile). */
export async function listBlocked(db: Db, viewer: PolicyViewer): Promise<BlockedUser[]> {
  const rows = await blockedUsers(db, memberId(viewer), BLOCKED_MAX);
  return rows.map((r) => ({ ...r, blockedAt: r.blockedAt.toISOString() }));
}

/** For moderation (reports): a member's public profile fields as stored; null for no such member. */
export async function profileForModeration(db: Db, userId: number) {
  const row = await findUserWithSettings(db, userId);
  if (!row) return null;
  const { username, aboutMe, city, homeGym, profilePhoto } = row.user;
  return { username, aboutMe, city, homeGym, profilePhoto };
}

/**
 * Removing a reported profile clears what it shows others (about me, city, home gym, photo)
 * and keeps the account: one statement for the moderation batch, run only when `onlyIf` holds.
 */
export const clearProfileStatement = (db: Tx, userId: number, onlyIf: SQL) =>
  db.run(sql`UPDATE users SET about_me = NULL, city = NULL, home_gym = NULL, profile_photo = NULL
    WHERE id = ${userId} AND ${onlyIf}`);
