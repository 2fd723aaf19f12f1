import { Elysia } from "elysia";
import type { Logger } from "../log";
import { HttpError, jsonResponse, messages } from "./errors";
import { requestMeta } from "./request-meta";

interface ValidationIssue {
  path: string;
  message: string;
}

type PathPart = string | number | { key?: unknown };

function dotPath(path: unknown): string {
  if (!Array.isArray(path)) return typeof path === "string" ? path : "";
  return (path as PathPart[]).map((p) => (typeof p === "object" ? String(p.key ?? "") : String(p))).join(".");
}

interface StandardIssues {
  issues?: { message: string; path?: unknown }[];
}

/**
 * Elysia's own issue list flattens Standard Schema paths to "[object Object]", so the
 * schema that failed is asked again for its issues, paths intact.
 */
function validationIssues(error: unknown): ValidationIssue[] {
  type Standard = { "~standard"?: { validate(value: unknown): StandardIssues | Promise<StandardIssues> } };
  const failed = error as {
    validator?: { schema?: Standard };
    value?: unknown;
    all?: { path?: unknown; message?: string; summary?: string }[];
  };
  const again = failed.validator?.schema?.["~standard"]?.validate(failed.value);
  if (again && !(again instanceof Promise) && again.issues) {
    return again.issues.map((i) => ({ path: dotPath(i.path), message: i.message }));
  }
  return (failed.all ?? []).map((i) => ({ path: dotPath(i.path), message: i.message ?? i.summary ?? "" }));
}

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

/**
 * The one place errors become responses. Clients get a JSON `{message}` (plus
 * `issues` for validation); unexpected errors are logged with the request id only.
 */
export function errorMapper(logger: Logger) {
  return new Elysia({ name: "error-mapper" }).onError({ as: "global" }, ({ code, error, request }) => {
    if (error instanceof HttpError) {
      return jsonResponse(error.status, { message: error.message, ...error.body }, error.headers);
    }
    switch (code) {
      case "VALIDATION": {
        const issues = validationIssues(error);
        return jsonResponse(400, { message: issues[0]?.message || messages.invalidRequest, issues });
      }
      case "PARSE":
        return jsonResponse(400, { message: messages.invalidJson });
      case "NOT_FOUND":
        return jsonResponse(404, { message: messages.notFound });
      default: {
        const meta = requestMeta(request);
        logger.error("unexpected error", {
          reqId: meta.id,
          path: new URL(request.url).pathname,
          ...loggableError(error),
        });
        return jsonResponse(500, { message: messages.unexpected });
      }
    }
  });
}
