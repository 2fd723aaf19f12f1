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

function validationIssues(error: unknown): ValidationIssue[] {
  const all = (error as { all?: { path?: unknown; message?: string; summary?: string }[] }).all;
  if (!Array.isArray(all)) return [];
  return all.map((i) => ({ path: dotPath(i.path), message: i.message ?? i.summary ?? "" }));
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
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          stack: error instanceof Error ? error.stack : undefined,
        });
        return jsonResponse(500, { message: messages.unexpected });
      }
    }
  });
}
