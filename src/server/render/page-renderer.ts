import type { PageContextValue, Viewer } from "../../pages/layout/page-context";
import type { AppContext } from "../context";
import { requestMeta } from "../http/request-meta";
import { type RenderInput, renderPage } from "./render-page";

export type ViewerResolver = (request: Request) => Promise<Viewer | null>;

/** Binds page rendering to the app: public URL, CSP nonce, the signed-in viewer. */
export function createPageRenderer(app: AppContext, resolveViewer: ViewerResolver) {
  return async (request: Request, input: RenderInput): Promise<Response> => {
    const ctx: PageContextValue = {
      publicUrl: app.env.PUBLIC_URL,
      path: new URL(request.url).pathname,
      viewer: await resolveViewer(request),
      nonce: requestMeta(request).nonce,
      year: app.now().getFullYear(),
    };
    return renderPage(ctx, input, app.logger);
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
