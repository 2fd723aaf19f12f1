import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import packageJson from "../../package.json" with { type: "json" };
import { openApiPath } from "../../src/server/features/api-docs/service";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

interface Operation {
  operationId: string;
  tags: string[];
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: { "application/json": { schema: Record<string, unknown> } } };
  responses: Record<string, { content?: { "application/json": { schema: Record<string, unknown> } } }>;
  "x-openmat-auth": string;
  "x-openmat-limit"?: string;
}

interface Doc {
  openapi: string;
  info: { version: string; title: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

let t: TestApp;
let doc: Doc;
let raw: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request("/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  raw = await res.text();
  doc = JSON.parse(raw) as Doc;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
const op = (method: string, path: string): Operation => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
};

/** The route table's JSON API, written the document's way, independently of the service. */
function apiRoutesOfTheApp(): Set<string> {
  return new Set(
    t.app.routes
      .filter(
        (route) => route.path.startsWith("/api/") && route.path !== "/api/docs" && route.method !== "ALL",
      )
      .map((route) => {
        const path = route.path.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1");
        return `${route.method.toLowerCase()} ${path}`;
      }),
  );
}

describe("GET /api/openapi.json", () => {
  test("an OpenAPI 3.1 document named for this version", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe(packageJson.version);
  });

  test("names every /api route of the app, and no route the app does not have", () => {
    const inApp = apiRoutesOfTheApp();
    const inDoc = new Set(operations().map(({ method, path }) => `${method} ${path}`));
    expect(inApp.size).toBeGreaterThan(100);
    expect([...inApp].filter((route) => !inDoc.has(route))).toEqual([]);
    expect([...inDoc].filter((route) => !inApp.has(route))).toEqual([]);
  });

  test("describes only the JSON API: no pages, assets or the docs page", () => {
    const paths = Object.keys(doc.paths);
    expect(paths.every((path) => path.startsWith("/api/"))).toBe(true);
    expect(paths).not.toContain("/api/docs");
    expect(paths).toContain("/api/openapi.json");
  });

  test("path templates use {name}, and each one is a required path parameter", () => {
    for (const { method, path, operation } of operations()) {
      expect(path).not.toContain(":");
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
      const inPath = (operation.parameters ?? []).filter((p) => p.in === "path");
      expect({ route: `${method} ${path}`, names: inPath.map((p) => p.name).sort() }).toEqual({
        route: `${method} ${path}`,
        names: [...names].sort(),
      });
      expect(inPath.every((p) => p.required)).toBe(true);
    }
  });

  test("a route's params schema becomes its path parameters, converted from valibot", () => {
    const [id] = op("delete", "/api/favorites/{schoolId}").parameters ?? [];
    expect(id).toEqual({
      name: "schoolId",
      in: "path",
      required: true,
      schema: { type: "string", pattern: "^\\d{1,12}$" },
    });
  });

  test("a route's body schema becomes its JSON request body", () => {
    const login = op("post", "/api/auth/login").requestBody?.content["application/json"].schema;
    expect(login?.type).toBe("object");
    expect(Object.keys(login?.properties as object).sort()).toEqual(["identifier", "password"]);
    expect(login?.required).toEqual(["identifier", "password"]);
    const favorite = op("post", "/api/favorites").requestBody?.content["application/json"].schema;
    expect(favorite?.properties).toEqual({ schoolId: { type: "integer", minimum: 1 } });
    expect(op("get", "/api/favorites").requestBody).toBeUndefined();
  });

  test("who may call a route, its member limit and its error answers", () => {
    const list = op("get", "/api/favorites");
    expect(list["x-openmat-auth"]).toBe("member");
    expect(Object.keys(list.responses)).toEqual(["200", "401"]);

    const add = op("post", "/api/favorites");
    expect(add["x-openmat-limit"]).toBe("favorite.change");
    expect(Object.keys(add.responses).sort()).toEqual(["200", "400", "401", "403", "429"]);
    expect(add.responses["429"]?.content?.["application/json"].schema).toEqual({
      $ref: "#/components/schemas/RateLimited",
    });

    const admin = op("get", "/api/admin/submissions");
    expect(admin["x-openmat-auth"]).toBe("admin");
    expect(admin.responses["403"]).toBeDefined();

    const login = op("post", "/api/auth/login");
    expect(login["x-openmat-auth"]).toBe("public");
    expect(login.responses["401"]).toBeUndefined();
    expect(op("get", "/api/schools/{id}").responses["404"]).toBeDefined();
  });

  test("the error shapes are components, and every $ref points at one", () => {
    const { Error: error, ValidationError, RateLimited } = doc.components.schemas;
    expect(error).toEqual({
      type: "object",
      properties: { message: { type: "string" } },
      required: ["message"],
    });
    expect(ValidationError?.required).toEqual(["message"]);
    expect(Object.keys(RateLimited?.properties as object).sort()).toEqual([
      "limit",
      "message",
      "remaining",
      "retryAfter",
    ]);
    const refs = [...raw.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1] ?? "");
    expect(refs.length).toBeGreaterThan(100);
    for (const name of new Set(refs)) expect(doc.components.schemas[name]).toBeDefined();
  });

  test("tagged by feature, with unique operation ids", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, operation } of operations())
      expect(operation.tags).toEqual([path.split("/")[2] ?? ""]);
    expect(doc.tags.map((tag) => tag.name)).toEqual(
      [...new Set(operations().map((o) => o.operation.tags[0] ?? ""))].sort(),
    );
    expect(doc.tags.map((tag) => tag.name)).toContain("schools");
  });

  test("the same document on every request; nothing of the server's own setup in it", async () => {
    expect(await (await t.request("/api/openapi.json?again=1")).text()).toBe(raw);
    expect(raw).not.toContain(t.dir);
    expect(raw).not.toContain("test.db");
  });

  test("Elysia's path forms become OpenAPI's", () => {
    expect(openApiPath("/api/users/:id")).toBe("/api/users/{id}");
    expect(openApiPath("/api/favorites/")).toBe("/api/favorites");
    expect(openApiPath("/api/schools/:id/occurrences/:date/:startMinute/going")).toBe(
      "/api/schools/{id}/occurrences/{date}/{startMinute}/going",
    );
    expect(openApiPath("/api/files/*")).toBe("/api/files/{wildcard}");
  });
});

describe("/api/docs", () => {
  test("a page listing every operation, with no outside viewer and nothing inline the CSP would block", async () => {
    const res = await t.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("style-src 'self'");
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    expect(html.match(/<details class="api-operation"/g)?.length).toBe(operations().length);
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).toContain("<code>/api/schools/{id}/occurrences/{date}/{startMinute}/going</code>");
    // Scripts only with this response's nonce or from our origin; no inline styles at all.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag.includes(`nonce="${nonce}"`) || /src="\/[^/]/.test(tag)).toBe(true);
    }
    expect(html).not.toMatch(/<style\b|\sstyle="/);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\/(?!localhost:3000)/);
  });

  test("a signed-in member sees the same operations", async () => {
    const { cookie } = await registerMember(t, "apidocs");
    const res = await t.request("/api/docs", { headers: { cookie } });
    expect(res.status).toBe(200);
    expect((await res.text()).match(/<details class="api-operation"/g)?.length).toBe(operations().length);
  });

  test("other methods get a 4xx, never a 5xx", async () => {
    for (const path of ["/api/openapi.json", "/api/docs"]) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const res = await t.json(method, path, {});
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      expect((await t.request(`${path}/extra`)).status).toBe(404);
    }
  });
});
