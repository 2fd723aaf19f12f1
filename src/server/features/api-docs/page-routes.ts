import { Elysia } from "elysia";
import { apiDocsPage } from "../../../pages/api-docs";
import type { PageRenderer } from "../../render/page-renderer";
import type { sessionPlugin } from "../auth/service";
import { API_DOCS_PAGE, type OpenApiDocument } from "./service";

/** `/api/docs`: the OpenAPI document as a page of its own, with no outside viewer. */
export function apiDocPageRoutes(
  document: () => OpenApiDocument,
  session: ReturnType<typeof sessionPlugin>,
  render: PageRenderer,
) {
  return new Elysia({ name: "api-docs-page" })
    .use(session)
    .get(API_DOCS_PAGE, (ctx) => render(ctx, apiDocsPage(document())));
}
