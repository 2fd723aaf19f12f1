import { accountMessages } from "../../../common/schemas/account";
import { authMessages } from "../../../common/schemas/auth";
import type { Db } from "../../../db/client";
import { forgetMemberEvents } from "../../events/store";
import { HttpError } from "../../http/errors";
import type { Storage } from "../../storage";
import {
  conflictFor,
  getUserByEmail,
  getUserByUsername,
  invalidateUserSessions,
  requestEmailChange,
  setPassword,
  type ValidSession,
  type VerificationDeps,
  verifyPassword,
} from "../auth/service";
import { forgetMailStatement } from "../mail/service";
import { forgetSoleActorItems } from "../notifications/service";
import { deleteUserPhotos } from "../photos/service";
import { deleteUserPostPhotos } from "../posts/service";
import { forgetMemberRatings } from "../ratings/service";
import { addressesOf, deleteUserStatements, updateUsername } from "./queries";

/** Sensitive changes ask for the password again: an open session alone is not enough. */
async function requirePassword(session: ValidSession, currentPassword: string) {
  if (!(await verifyPassword(currentPassword, session.user.passwordHash))) {
    throw new HttpError(400, accountMessages.currentPasswordWrong);
  }
}

/** Changes the password after checking the current one; every other session and every reset link ends. */
export async function changePassword(
  db: Db,
  session: ValidSession,
  currentPassword: string,
  newPassword: string,
) {
  await requirePassword(session, currentPassword);
  await setPassword(db, session.user.id, newPassword);
  await invalidateUserSessions(db, session.user.id, session.sessionId);
}

export async function changeUsername(
  db: Db,
  session: ValidSession,
  username: string,
  currentPassword: string,
) {
  await requirePassword(session, currentPassword);
  const userId = session.user.id;
  const holder = await getUserByUsername(db, username);
  if (holder && holder.id !== userId) throw new HttpError(409, authMessages.usernameTaken);
  try {
    await updateUsername(db, userId, username);
  } catch (error) {
    // Another account took the name between the check and the write.
    throw conflictFor(error);
  }
}

/**
 * Sends a link to the new address; the account keeps its current address until that
 * link is opened (see verifyEmail), so nobody can move an account to a mailbox they do
 * not read, or claim an address listed in ADMIN_EMAILS.
 */
export async function changeEmail(
  deps: VerificationDeps,
  session: ValidSession,
  email: string,
  currentPassword: string,
) {
  await requirePassword(session, currentPassword);
  const holder = await getUserByEmail(deps.db, email);
  if (holder && holder.id !== session.user.id) throw new HttpError(409, authMessages.emailTaken);
  await requestEmailChange(deps, session.user, email);
}

/**
 * Removes the user and leaves nothing of theirs behind (issue 19): their photos from storage
 * first, then in one batch the stored events that name them, other members' bell items
 * only they were behind, the mail to or about them, and the user with everything that
 * cascades from it. Each statement reads rows that a later one removes, hence the order.
 */
export async function deleteAccount(
  db: Db,
  storage: Storage,
  session: ValidSession,
  currentPassword: string,
) {
  await requirePassword(session, currentPassword);
  const { id, username } = session.user;
  await deleteUserPhotos(db, storage, id);
  await deleteUserPostPhotos(db, storage, id);
  await db.batch([
    forgetMemberEvents(db, id),
    forgetSoleActorItems(db, id),
    forgetMailStatement(db, addressesOf(id), username),
    // The gyms they rated, counted again without them (their ratings go with the user).
    ...forgetMemberRatings(db, id),
    ...deleteUserStatements(db, id),
  ]);
}
