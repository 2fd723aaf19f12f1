import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Document, type PageMeta } from "../../pages/layout/Document";
import { PageContext, type PageContextValue } from "../../pages/layout/page-context";
import type { Logger } from "../log";
import { loggableError } from "../loggable-error";
import { IslandCollector, IslandCollectorContext } from "./island";

export interface RenderInput {
  meta: PageMeta;
  body: ReactNode;
  status?: number;
  /** Set when the page is the same for every guest: its HTML is then rendered once and reused. */
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
