import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { RecentlyUsed } from "../../common/recently-used";
import { Document, type PageMeta } from "../../pages/layout/Document";
import { Header } from "../../pages/layout/Header";
import { PageContext, type PageContextValue } from "../../pages/layout/page-context";
import type { Logger } from "../log";
import { loggableError } from "../loggable-error";
import { IslandCollector, IslandCollectorContext } from "./island";

export interface RenderInput {
  meta: PageMeta;
  body: ReactNode;
  status?: number;
  /**
   * Set when the page is the same for every guest, and for every member but for the layout's
   * header: its HTML is then rendered once and reused (for members, all but the header).
   */
  cacheKey?: string;
}

export const htmlHeaders = {
  "content-type": "text/html; charset=utf-8",
  // Never cached by browsers or proxies: a page may carry the viewer's name.
  "cache-control": "no-store",
};

/**
 * Renders a full HTML page in one string. Every page reads its data before it renders (no
 * Suspense), so streaming flushed nothing early; its streams and the streaming gzip after
 * them cost a member's page about a third of its time (bench/request-profile.ts).
 */
export async function renderPage(
  ctx: PageContextValue,
  { meta, body, status = 200 }: RenderInput,
  logger: Logger,
): Promise<Response> {
  const collector = new IslandCollector();
  let html: string;
  try {
    html = renderToString(
      <PageContext.Provider value={ctx}>
        <IslandCollectorContext.Provider value={collector}>
          <Document meta={meta}>{body}</Document>
        </IslandCollectorContext.Provider>
      </PageContext.Provider>,
    );
  } catch (error) {
    logger.error("render failed", { path: ctx.path, ...loggableError(error) });
    throw error;
  }
  return new Response(`<!DOCTYPE html>${html}`, { status, headers: htmlHeaders });
}

// A header is about 3 KB: 4,096 of them about 12 MB, enough for hundreds of members' pages.
const headers = new RecentlyUsed<string, string>(4096);

/**
 * The layout's header alone, as the whole page renders it: it comes before any other island
 * in the page, so its islands get the same ids here (src/server/render/member-page-cache.ts).
 * It is made of the path and the viewer's name, photo and counts only: kept by those.
 */
export function renderHeader(ctx: PageContextValue): string {
  const v = ctx.viewer;
  const key = JSON.stringify([
    ctx.path,
    v?.username,
    v?.profilePhoto,
    v?.unreadNotifications,
    v?.unreadMessages,
  ]);
  let html = headers.get(key);
  if (html === undefined) {
    html = renderHeaderNow(ctx);
    headers.set(key, html);
  }
  return html;
}

function renderHeaderNow(ctx: PageContextValue): string {
  return renderToString(
    <PageContext.Provider value={ctx}>
      <IslandCollectorContext.Provider value={new IslandCollector()}>
        <Header />
      </IslandCollectorContext.Provider>
    </PageContext.Provider>,
  );
}
