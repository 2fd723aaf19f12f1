import { Elysia } from "elysia";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";
import { apiDocPageRoutes } from "./page-routes";
import { buildOpenApiDocument, OPENAPI_DOCUMENT, type OpenApiDocument } from "./service";

export interface ApiDocDeps {
  /**
   * The app's whole route table (Elysia's `app.routes`), read at the first request, when
   * the app is built. Typed loosely so app.ts can hand over its own router's table.
   */
  routes: () => readonly unknown[];
  publicUrl: string;
}

/**
 * `GET /api/openapi.json`, the API's OpenAPI 3.1 description, and `/api/docs`, the page
 * that shows it. The document is built once per process, at its first request: the
 * route table does not change while the app runs.
 */
export function apiDocRoutes(
  deps: ApiDocDeps,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
) {
  let cached: OpenApiDocument | undefined;
  const document = () => {
    cached ??= buildOpenApiDocument(deps.routes(), deps.publicUrl);
    return cached;
  };
  return new Elysia({ name: "api-docs" })
    .get(OPENAPI_DOCUMENT, ({ set }) => {
      set.headers["cache-control"] = "public, max-age=300";
      return document();
    })
    .use(apiDocPageRoutes(document, session, render));
}
