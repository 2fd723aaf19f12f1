import { type PrivacySettings, settingsMessages } from "../../common/schemas/settings";
import { PROFILE_PHOTO_MAX_BYTES, type UpdateProfileInput, userMessages } from "../../common/schemas/users";
import { ApiError, apiRequest } from "../lib/api";

/** Spec §9: a profile photo is a JPEG, PNG or WebP of at most 5 MB. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

/** The spec's message for a file that may not be a profile photo, or null when it may. */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return userMessages.photoType;
  if (file.size > PROFILE_PHOTO_MAX_BYTES) return userMessages.photoSize;
  return null;
}

export const profileFields = ["beltLevel", "aboutMe", "city", "homeGym"] as const;
export type ProfileField = (typeof profileFields)[number];
export type ProfileValues = Record<ProfileField, string>;

/** The five flags the dialog sets, each beside its field. */
export const profileFlags = [
  "showBeltLevel",
  "showAboutMe",
  "showCity",
  "showHomeGym",
  "showBadgeCount",
] as const satisfies readonly (keyof PrivacySettings)[];
export type ProfileFlags = Record<(typeof profileFlags)[number], boolean>;

/**
 * Spec §7: PATCH /api/users/profile omits empty values. A field that had a value and was
 * emptied is sent as '' (the API clears it), or the member could never remove it.
 */
export function profilePatch(values: ProfileValues, before: Partial<ProfileValues>): Record<string, string> {
  const patch: Record<string, string> = {};
  for (const field of profileFields) {
    const value = values[field].trim();
    if (value || before[field]) patch[field] = value;
  }
  return patch;
}

export type SaveStage = "upload" | "profile" | "settings";

/** Which step failed, with the text to show (spec §8 "Profile" and "Settings"). */
export class SaveError extends Error {
  constructor(
    readonly stage: SaveStage,
    message: string,
    /** The server's own message, for the form, when it sent one. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

const detailOf = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

/** POST upload-url, PUT the file there, then tell the API it is the new photo. */
async function uploadPhoto(file: File): Promise<string> {
  try {
    const { uploadURL } = await apiRequest<{ uploadURL: string }>("POST", "/api/users/profile/upload-url");
    const put = await fetch(uploadURL, {
      method: "PUT",
      credentials: "include",
      headers: { "content-type": file.type },
      body: file,
    });
    if (!put.ok) throw new SaveError("upload", `Upload failed: ${put.statusText || put.status}`);
    const { profilePhoto } = await apiRequest<{ profilePhoto: string }>(
      "POST",
      "/api/users/profile/upload-photo",
      { photoURL: uploadURL },
    );
    return profilePhoto;
  } catch (error) {
    if (error instanceof SaveError) throw error;
    throw new SaveError("upload", `Upload failed: ${detailOf(error) ?? "network error"}`);
  }
}

export interface ProfileSave {
  photo: File | null;
  profile: UpdateProfileInput;
  settings: ProfileFlags;
}

/**
 * Spec §4 "Profile edit save", in order: the photo upload if one was chosen, the profile
 * update, then the settings update. The first failure stops the rest.
 */
export async function saveProfile({ photo, profile, settings }: ProfileSave): Promise<{
  profilePhoto: string | null;
}> {
  const profilePhoto = photo ? await uploadPhoto(photo) : null;
  try {
    await apiRequest("PATCH", "/api/users/profile", profile);
  } catch (error) {
    throw new SaveError("profile", userMessages.profileFailed, detailOf(error));
  }
  try {
    await apiRequest("PATCH", "/api/settings", settings);
  } catch (error) {
    throw new SaveError("settings", settingsMessages.failed, detailOf(error));
  }
  return { profilePhoto };
}
