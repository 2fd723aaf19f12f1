import * as v from "valibot";
import { HttpError, messages } from "./errors";

/**
 * Validates a query string with a valibot schema. Routes use this instead of Elysia's
 * `query` option, which splits any value containing a comma ("Austin, TX") into an
 * array when the schema is not TypeBox (elysiajs/elysia#1800).
 */
export function parseQuery<S extends v.GenericSchema>(schema: S, request: Request): v.InferOutput<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const result = v.safeParse(schema, params);
  if (result.success) return result.output;
  const issues = result.issues.map((i) => ({ path: v.getDotPath(i) ?? "", message: i.message }));
  throw new HttpError(400, issues[0]?.message ?? messages.invalidRequest, { issues });
}
