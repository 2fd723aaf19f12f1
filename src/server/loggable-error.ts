/** Errors made safe to log: drizzle query errors carry their parameters, which are user data. */
interface QueryError {
  query: string;
  params: unknown[];
  cause?: unknown;
}

const isQueryError = (error: unknown): error is QueryError =>
  typeof error === "object" &&
  error !== null &&
  typeof (error as QueryError).query === "string" &&
  Array.isArray((error as QueryError).params);

/** Only the stack's frames: its first lines repeat the message, which may carry values. */
const framesOf = (stack: string | undefined) =>
  stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n") || undefined;

/** drizzle's wrapper writes the query's parameters (an e-mail, a password hash) after a `params:` line. */
const withoutParams = (message: string) => message.replace(/\n?\s*params:[\s\S]*$/, "");

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return withoutParams(String(error));
  return `${error.name}: ${withoutParams(error.message)}`;
}

/**
 * What the log may say about an unexpected error. A failed query is logged as its SQL
 * text and the driver's own error (its code and message, which name the constraint but no
 * values), never its parameters: those are user data such as addresses and hashes.
 */
export function loggableError(error: unknown): { error: string; cause?: string; stack?: string } {
  if (isQueryError(error)) {
    const cause = error.cause;
    const code =
      typeof cause === "object" && cause !== null && "code" in cause ? ` [${String(cause.code)}]` : "";
    return {
      error: `query failed: ${error.query}`,
      cause: cause === undefined ? undefined : `${errorText(cause)}${code}`,
      stack: framesOf((error as unknown as Error).stack),
    };
  }
  return {
    error: errorText(error),
    stack: error instanceof Error ? framesOf(error.stack) : undefined,
  };
}
