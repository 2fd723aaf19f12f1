import { uniqueViolationOf } from "../../../db/unique-violation";

/**
 * Which unique rule of `users` a failed write broke, or null for any other error. SQLite
 * names the index: `index 'users_username_nocase'` for the expression index on the name,
 * `users.email` (or the index name) for the address.
 */
export type UserUniqueField = "username" | "email";

export function userUniqueViolation(error: unknown): UserUniqueField | null {
  const violation = uniqueViolationOf(error);
  if (!violation) return null;
  const text = typeof violation.message === "string" ? violation.message : "";
  if (/users_username_nocase|users\.username/.test(text)) return "username";
  if (/users_email|users\.email/.test(text)) return "email";
  return null;
}
