import * as v from "valibot";
import { beltLevels, limits } from "../limits";
import { photoPixelsMessage } from "./photos";

/** Spec §8 "Profile", "Social" and §3 texts; the API answers with these messages. */
export const userMessages = {
  userNotFound: "User Not Found",
  aboutMeMax: `About me must be ${limits.aboutMeMax} characters or less`,
  beltInvalid: "Choose one of the belt levels",
  profileFailed: "Failed to update profile",
  profileSaved: "Profile updated",
  followSelf: "You cannot follow yourself",
  followFailed: "Failed to follow user. Please try again.",
  unfollowFailed: "Failed to unfollow user. Please try again.",
  blockSelf: "You cannot block yourself",
  blocked: "You cannot follow this member",
  photoType: "Invalid file type: Please select a JPEG, PNG, or WebP image.",
  photoSize: "File too large: Please select an image smaller than 5MB.",
  photoPixels: photoPixelsMessage,
  uploadExpired: "This upload link has expired or was already used. Please try again.",
  bjjPractitioner: "BJJ Practitioner",
} as const;

export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const USER_SEARCH_MAX = 20;

/** Member ids in paths and bodies: positive whole numbers of at most 12 digits. */
export const USER_ID_MAX = 999_999_999_999;
export const userIdMessage = "User id must be a positive whole number";

export const userIdParams = v.object({
  userId: v.pipe(v.string(), v.regex(/^[1-9]\d{0,11}$/, userIdMessage), v.transform(Number)),
});

/** `{ [name]: id }`: a missing, mistyped or out-of-range id gets the one message. */
const bodyUserId = <K extends string>(name: K) => {
  const message = `${name} must be a positive whole number`;
  const id = v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(USER_ID_MAX, message),
  );
  return v.object({ [name]: id } as Record<K, typeof id>, message);
};

const optionalText = (max: number, message: string) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, message)));

/** PATCH /api/users/profile: empty values are omitted by the client; an empty string clears. */
export const updateProfileSchema = v.strictObject(
  {
    beltLevel: v.optional(v.union([v.picklist(beltLevels), v.literal("")], userMessages.beltInvalid)),
    aboutMe: optionalText(limits.aboutMeMax, userMessages.aboutMeMax),
    city: optionalText(100, "City must be 100 characters or less"),
    homeGym: optionalText(100, "Home gym must be 100 characters or less"),
  },
  "Unknown profile field",
);
export type UpdateProfileInput = v.InferOutput<typeof updateProfileSchema>;

export const followSchema = bodyUserId("followingId");
export const blockSchema = bodyUserId("userId");

export const USER_SEARCH_QUERY_MAX = 100;
export const userSearchQuery = v.object({
  q: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(USER_SEARCH_QUERY_MAX, `Search must be ${USER_SEARCH_QUERY_MAX} characters or less`),
    ),
    "",
  ),
});

/**
 * A member as another member may see them (GET /api/users/{id} and the profile pages):
 * the fields the policy allows are present, the others are null. Never the e-mail.
 */
export interface PublicUser {
  id: number;
  username: string;
  profilePhoto: string | null;
  beltLevel: string | null;
  aboutMe: string | null;
  city: string | null;
  homeGym: string | null;
  /** null when hidden. */
  badgeCount: number | null;
}

/** What the profile page and its island need beyond the public user. */
export interface ProfileView {
  user: PublicUser;
  isOwner: boolean;
  /** Viewer follows this member (false for the owner). */
  isFollowing: boolean;
  /** The viewer may follow, message or block (a signed-in non-owner, no block). */
  canInteract: boolean;
  /** Saved gyms when there are any and the policy lets the viewer see them, else null. */
  savedGyms: { schoolId: number; name: string; city: string; slug: string }[] | null;
}

export interface UserSearchResult {
  id: number;
  username: string;
  profilePhoto: string | null;
  isFollowing: boolean;
}

/** POST /api/users/follow and DELETE /api/users/unfollow/{id}. */
export interface FollowState {
  isFollowing: boolean;
}

/** POST /api/users/block and DELETE /api/users/block/{userId}. */
export interface BlockState {
  isBlocked: boolean;
}

/** GET /api/users/blocked: the members the caller blocked, newest first, so they can unblock. */
export interface BlockedUser {
  id: number;
  username: string;
  profilePhoto: string | null;
  blockedAt: string;
}

export interface Friend {
  id: number;
  followedAt: string;
  following: { id: number; username: string; profilePhoto: string | null };
}
