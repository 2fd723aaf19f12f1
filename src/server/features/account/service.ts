import { accountMessages } from "../../../common/schemas/account";
import { authMessages } from "../../../common/schemas/auth";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { verifyPassword } from "../auth/passwords";
import { getUserByEmail, getUserByUsername, setPassword } from "../auth/service";
import { invalidateUserSessions, type ValidSession } from "../auth/sessions";
import { deleteUser, updateEmail, updateUsername } from "./queries";

/** Changes the password after checking the current one; every other session ends. */
export async function changePassword(
  db: Db,
  session: ValidSession,
  currentPassword: string,
  newPassword: string,
) {
  if (!(await verifyPassword(currentPassword, session.user.passwordHash))) {
    throw new HttpError(400, accountMessages.currentPasswordWrong);
  }
  await setPassword(db, session.user.id, newPassword);
  await invalidateUserSessions(db, session.user.id, session.sessionId);
}

export async function changeUsername(db: Db, userId: number, username: string) {
  const holder = await getUserByUsername(db, username);
  if (holder && holder.id !== userId) throw new HttpError(409, authMessages.usernameTaken);
  await updateUsername(db, userId, username);
}

export async function changeEmail(db: Db, userId: number, email: string) {
  const holder = await getUserByEmail(db, email);
  if (holder && holder.id !== userId) throw new HttpError(409, authMessages.emailTaken);
  await updateEmail(db, userId, email);
}

/** Removes the user and, by cascade, their sessions and personal data. */
export async function deleteAccount(db: Db, userId: number) {
  await deleteUser(db, userId);
}
