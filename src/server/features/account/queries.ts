import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";

export const updateUsername = (db: Db, userId: number, username: string) =>
  db.update(users).set({ username }).where(eq(users.id, userId));

export const updateEmail = (db: Db, userId: number, email: string) =>
  db.update(users).set({ email }).where(eq(users.id, userId));

/** Sessions, settings and reset tokens go with the user through ON DELETE CASCADE. */
export const deleteUser = (db: Db, userId: number) => db.delete(users).where(eq(users.id, userId));
