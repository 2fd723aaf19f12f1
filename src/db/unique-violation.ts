/**
 * Whether a failed write broke a UNIQUE (or primary key) rule. drizzle wraps the driver's
 * error (its own message carries the query and its parameters), so the chain of causes is
 * walked to the libSQL error, which is matched by its code, never by the wrapper's text.
 */
interface DriverError {
  code?: unknown;
  extendedCode?: unknown;
  rawCode?: unknown;
  message?: unknown;
  cause?: unknown;
}

const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;

function isUniqueCode(error: DriverError): boolean {
  if (error.extendedCode === "SQLITE_CONSTRAINT_UNIQUE" || error.code === "SQLITE_CONSTRAINT_UNIQUE")
    return true;
  if (error.rawCode === SQLITE_CONSTRAINT_UNIQUE || error.rawCode === SQLITE_CONSTRAINT_PRIMARYKEY)
    return true;
  if (typeof error.message !== "string") return false;
  // An embedded replica passes the primary's refusal on with no code, only its numbers:
  // `RemoteSqliteFailure(3, 2067, "UNIQUE constraint failed: …")`.
  if (/RemoteSqliteFailure\(\d+, (2067|1555),/.test(error.message)) return true;
  // Remote libSQL (sqld, Turso) may report only the primary code; the message then decides.
  return error.code === "SQLITE_CONSTRAINT" && error.message.includes("UNIQUE constraint failed");
}

/** The first error along the chain of causes (drizzle's wrapper, then the driver's) that `matches`. */
export function driverErrorWhere(
  error: unknown,
  matches: (error: DriverError) => boolean,
): DriverError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === "object"; depth++) {
    const candidate = current as DriverError;
    if (matches(candidate)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/** The driver error behind drizzle's wrapper with a unique-constraint code, if any. */
export const uniqueViolationOf = (error: unknown): DriverError | null =>
  driverErrorWhere(error, isUniqueCode);
