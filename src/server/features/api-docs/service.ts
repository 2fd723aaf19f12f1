import { type JsonSchema, toJsonSchema } from "@valibot/to-json-schema";
import * as v from "valibot";
import packageJson from "../../../../package.json" with { type: "json" };
import { isStateChanging } from "../../http/csrf";
import { messages } from "../../http/errors";

/**
 * The OpenAPI 3.1 description of the JSON API, made from Elysia's route table: which routes
 * exist, and the valibot schemas their `params`, `query` and `body` options validate with
 * (converted by valibot's own JSON Schema converter). Nothing here is written by hand per
 * route, so the document cannot drift from the routes.
 */

/** One entry of Elysia's `app.routes`: the hooks hold the route's options as declared. */
export interface RouteEntry {
  method: string;
  path: string;
  hooks?: unknown;
}

export type SchemaObject = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: SchemaObject;
}

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: { "application/json": { schema: SchemaObject } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: SchemaObject }> }>;
  /** Who may call it: "member" or "admin" when the route declares `auth`, else "public". */
  "x-openmat-auth": "public" | "member" | "admin";
  /** The member limit the route charges (src/server/http/member-limits.ts), if any. */
  "x-openmat-limit"?: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, SchemaObject> };
}

/** The methods OpenAPI has a field for; Elysia's `ALL` has none. */
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

function isRouteEntry(route: unknown): route is RouteEntry {
  const entry = route as Partial<RouteEntry> | null;
  return typeof entry?.method === "string" && typeof entry.path === "string";
}

/** The page that shows the document: under /api, but a page, so not in the document. */
export const API_DOCS_PAGE = "/api/docs";
export const OPENAPI_DOCUMENT = "/api/openapi.json";

/** Only the JSON API: pages, assets and the not-found catch-all are not described. */
export function isApiRoute(route: { method: string; path: string }): boolean {
  return (
    route.path.startsWith("/api/") && route.path !== API_DOCS_PAGE && METHODS.has(route.method.toLowerCase())
  );
}

/** Elysia's `/api/users/:id/` becomes OpenAPI's `/api/users/{id}`; `*` becomes `{wildcard}`. */
export function openApiPath(path: string): string {
  const templated = path.replace(/:([A-Za-z0-9_]+)\??/g, "{$1}").replace(/\*/g, "{wildcard}");
  return templated.length > 1 ? templated.replace(/\/+$/, "") : templated;
}

/** The feature a path belongs to: its first segment after `/api`. */
export function tagOf(path: string): string {
  return path.split("/")[2] || "api";
}

// The documented error shapes (spec §8 and src/server/http/errors.ts), as valibot schemas
// converted like the routes' own, so the document has no hand-written JSON Schema.
const errorShapes = {
  Error: v.object({ message: v.string() }),
  ValidationError: v.object({
    message: v.string(),
    // Absent when the body is not JSON at all.
    issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
  }),
  RateLimited: v.object({
    message: v.string(),
    retryAfter: v.number(),
    limit: v.number(),
    remaining: v.number(),
  }),
};

const errorResponses = {
  "400": {
    description: `${messages.invalidRequest}: the first issue's message, and every issue`,
    ref: "ValidationError",
  },
  "401": { description: "Not signed in", ref: "Error" },
  "403": { description: `Not allowed, or ${messages.crossOrigin.toLowerCase()}`, ref: "Error" },
  "404": { description: messages.notFound, ref: "Error" },
  "429": { description: "Too many requests (with Retry-After)", ref: "RateLimited" },
} as const;

type Standard = { "~standard"?: { vendor?: string } };

/** A route option's schema as JSON Schema; anything the converter cannot read becomes `{}`. */
export function jsonSchemaOf(schema: unknown): SchemaObject {
  if ((schema as Standard | undefined)?.["~standard"]?.vendor !== "valibot") return {};
  try {
    const converted: JsonSchema = toJsonSchema(schema as v.GenericSchema, {
      target: "draft-2020-12",
      typeMode: "input",
      errorMode: "ignore",
    });
    const { $schema: _draft, ...rest } = converted as SchemaObject;
    return rest;
  } catch {
    return {};
  }
}

function parametersOf(schema: unknown, where: "path" | "query", names: string[]): Parameter[] {
  const json = jsonSchemaOf(schema);
  const properties = (json.properties ?? {}) as Record<string, SchemaObject>;
  const required = new Set((json.required ?? []) as string[]);
  const declared = Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: property,
  }));
  // A path parameter the route does not validate is still part of the path.
  const missing = names
    .filter((name) => !properties[name])
    .map((name) => ({ name, in: where, required: true, schema: { type: "string" } }));
  return [...declared, ...missing];
}

interface Hooks {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  response?: unknown;
  transform?: unknown;
  beforeHandle?: unknown;
}

/** The `auth` macro's transform and the `limit` macro's hook, as src/server/policy/guard.ts marks them. */
function authOf(hooks: Hooks): Operation["x-openmat-auth"] {
  const transforms = [hooks.transform].flat() as { fn?: { authLevel?: string } }[];
  const level = transforms.map((hook) => hook?.fn?.authLevel).find(Boolean);
  return level === "admin" || level === "member" ? level : "public";
}

function limitOf(hooks: Hooks): string | undefined {
  const before = [hooks.beforeHandle].flat() as { fn?: { memberLimit?: string } }[];
  return before.map((hook) => hook?.fn?.memberLimit).find(Boolean);
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function operationOf(route: RouteEntry, path: string): Operation {
  const hooks = (route.hooks ?? {}) as Hooks;
  const method = route.method.toLowerCase();
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? "");
  const parameters = [
    ...parametersOf(hooks.params, "path", pathNames),
    ...(hooks.query ? parametersOf(hooks.query, "query", []) : []),
  ];
  const auth = authOf(hooks);
  const limit = limitOf(hooks);
  const write = isStateChanging(route.method);
  const codes: (keyof typeof errorResponses)[] = [];
  if (parameters.length || hooks.body || write) codes.push("400");
  if (auth !== "public") codes.push("401");
  if (auth === "admin" || write) codes.push("403");
  if (pathNames.length) codes.push("404");
  if (limit) codes.push("429");
  const responses: Operation["responses"] = {
    "200": {
      description: "OK",
      ...(hooks.response
        ? { content: { "application/json": { schema: jsonSchemaOf(hooks.response) } } }
        : {}),
    },
  };
  for (const code of codes) {
    const { description, ref: name } = errorResponses[code];
    responses[code] = { description, content: { "application/json": { schema: ref(name) } } };
  }
  return {
    operationId: `${method}${path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c = "") => c.toUpperCase())}`,
    tags: [tagOf(path)],
    summary: `${route.method.toUpperCase()} ${path}`,
    ...(parameters.length ? { parameters } : {}),
    ...(hooks.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(hooks.body) } },
          },
        }
      : {}),
    responses,
    "x-openmat-auth": auth,
    ...(limit ? { "x-openmat-limit": limit } : {}),
  };
}

/** The whole document for a route table; the routes call it once per process. */
export function buildOpenApiDocument(routes: readonly unknown[], publicUrl: string): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const route of routes.filter(isRouteEntry).filter(isApiRoute)) {
    const path = openApiPath(route.path);
    const item = paths[path] ?? {};
    item[route.method.toLowerCase()] ??= operationOf(route, path);
    paths[path] = item;
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  const tags = [...new Set(Object.keys(sorted).map(tagOf))].sort().map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "OpenMat API",
      version: packageJson.version,
      description:
        "The JSON API the OpenMat pages use. Members sign in with POST /api/auth/login, which sets the session cookie; writes must come from the same origin.",
    },
    servers: [{ url: publicUrl }],
    tags,
    paths: sorted,
    components: {
      schemas: Object.fromEntries(
        Object.entries(errorShapes).map(([name, schema]) => [name, jsonSchemaOf(schema)]),
      ),
    },
  };
}
