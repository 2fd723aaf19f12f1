import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users } from "../../../db/schema";

export const updateUsername = (db: Db, userId: number, username: string) =>
  db.update(users).set({ username }).where(eq(users.id, userId));

/** Sessions, settings, reset and e-mail links go with the user through ON DELETE CASCADE. */
export const deleteUser = (db: Db, userId: number) => db.delete(users).where(eq(users.id, userId));
