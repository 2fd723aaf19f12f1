import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { getUser } from "../auth/service";
import { getSchool } from "../schools/service";
import { getSettings } from "../settings/service";
import { addFavorite, favoriteSchoolIds, isFavorite, removeFavorite } from "./queries";

export const favoriteMessages = {
  schoolNotFound: "School not found",
  userNotFound: "User Not Found",
  hidden: "This member keeps their saved gyms private.",
} as const;

async function itemsFor(db: Db, userId: number) {
  const ids = await favoriteSchoolIds(db, userId);
  const schools = await Promise.all(ids.map((id) => getSchool(db, id)));
  return schools.flatMap((school) => (school ? [{ schoolId: school.id, school }] : []));
}

export const listFavorites = itemsFor;

export const checkFavorite = async (db: Db, userId: number, schoolId: number) => ({
  isFavorite: await isFavorite(db, userId, schoolId),
});

export async function favorite(db: Db, userId: number, schoolId: number, now: Date) {
  if (!(await getSchool(db, schoolId))) throw new HttpError(404, favoriteMessages.schoolNotFound);
  await addFavorite(db, userId, schoolId, now);
  return { isFavorite: true };
}

export async function unfavorite(db: Db, userId: number, schoolId: number) {
  await removeFavorite(db, userId, schoolId);
  return { isFavorite: false };
}

/** Another member's saved gyms, only when they share them (showSavedGymNames). */
export async function favoritesOfUser(db: Db, viewerId: number, userId: number) {
  if (!(await getUser(db, userId))) throw new HttpError(404, favoriteMessages.userNotFound);
  if (viewerId !== userId && !(await getSettings(db, userId)).showSavedGymNames) {
    throw new HttpError(403, favoriteMessages.hidden);
  }
  return itemsFor(db, userId);
}
