import { Elysia } from "elysia";
import type { Logger } from "../log";
import { loggableError } from "../loggable-error";
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
