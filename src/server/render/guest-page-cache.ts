import { acceptsGzip } from "../http/compression";
import { htmlHeaders } from "./render-page";

interface Page {
  minute: number;
  /** Only the gzipped page is kept (a quarter of the HTML): nearly every client takes it. */
  gzip: Uint8Array<ArrayBuffer>;
}

export interface GuestPageCacheOptions {
  /** What the pages are built from: when it moves, every kept page goes. */
  version: () => Promise<string>;
  /** The clock the pages are rendered against (the app's). */
  now: () => Date;
  /** Pages kept at most; the oldest go first. */
  maxPages: number;
}

/**
 * Pages that are the same HTML for every guest who asks for the same key (a school page,
 * the home screen at one place), rendered once per data version and wall-clock minute,
 * gzipped once and served from memory. The minute bounds what they say against the clock
 * ("Open mat now", "Confirmed by a check-in today"): sessions start and end on whole minutes.
 * Every copy renders its own from the database; the version says when to drop them.
 */
export function createGuestPageCache({ version, now, maxPages }: GuestPageCacheOptions) {
  let current: string | undefined;
  const pages = new Map<string, Page>();
  return async (request: Request, key: string, render: () => Promise<Response>): Promise<Response> => {
    const seen = await version();
    if (seen !== current) {
      current = seen;
      pages.clear();
    }
    const minute = Math.floor(now().getTime() / 60_000);
    let page = pages.get(key);
    if (page?.minute !== minute) {
      const response = await render();
      if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/html"))
        return response;
      page = { minute, gzip: Bun.gzipSync(new Uint8Array(await response.arrayBuffer()), { level: 6 }) };
      // A page rendered while the version moved on may show the old data: not kept.
      if (current === seen) {
        pages.delete(key);
        if (pages.size >= maxPages) pages.delete(pages.keys().next().value as string);
        pages.set(key, page);
      }
    }
    const gzip = acceptsGzip(request);
    return new Response(gzip ? page.gzip : Bun.gunzipSync(page.gzip), {
      headers: { ...htmlHeaders, vary: "Accept-Encoding", ...(gzip ? { "content-encoding": "gzip" } : {}) },
    });
  };
}
