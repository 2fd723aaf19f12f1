import type { PageContextValue, Viewer } from "../../pages/layout/page-context";
import type { AppContext } from "../context";
import type { ValidSession } from "../features/auth/sessions";
import { requestMeta } from "../http/request-meta";
import { type RenderInput, renderPage } from "./render-page";

/** The parts of a route's context a page render needs. */
export interface PageRequest {
  request: Request;
  session: ValidSession | null;
}

export function viewerOf(session: ValidSession | null, adminEmails: readonly string[]): Viewer | null {
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    username: user.username,
    role: adminEmails.includes(user.email) ? "admin" : user.role,
    unreadNotifications: 0,
    unreadMessages: 0,
  };
}

/** Binds page rendering to the app: public URL, CSP nonce, the signed-in viewer. */
export function createPageRenderer(app: AppContext) {
  return ({ request, session }: PageRequest, input: RenderInput): Promise<Response> => {
    const url = new URL(request.url);
    const ctx: PageContextValue = {
      publicUrl: app.env.PUBLIC_URL,
      path: url.pathname,
      search: url.search,
      viewer: viewerOf(session, app.env.ADMIN_EMAILS),
      nonce: requestMeta(request).nonce,
      year: app.now().getFullYear(),
    };
    return renderPage(ctx, input, app.logger);
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
