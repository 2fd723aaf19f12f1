import type { VersionedTable } from "../../db/table-versions";
import type { PageContextValue, Viewer } from "../../pages/layout/page-context";
import type { AppContext } from "../context";
import { roleOf } from "../features/auth/service";
import type { ValidSession } from "../features/auth/sessions";
import { acceptsGzip } from "../http/compression";
import { createKeptStore, stampOf } from "../http/kept-by-viewer";
import { requestMeta } from "../http/request-meta";
import type { MemberHeader } from "./member-header";
import { type MemberShell, memberPageResponse, memberShellOf, shellBytes } from "./member-page-cache";
import { htmlHeaders, type RenderInput, renderHeader, renderPage } from "./render-page";

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
    role: roleOf(user, adminEmails),
    profilePhoto: user.profilePhoto,
    unreadNotifications: 0,
    unreadMessages: 0,
    liveFrom: 0,
  };
}

interface CachedPage {
  status: number;
  html: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * What the header is read from: the unread counts' tables (spec §3 Unread counts: blocks
 * hide, a like needs its post) and the events, whose newest is the stream position.
 */
const HEADER_TABLES: readonly VersionedTable[] = [
  "domain_events",
  "notifications",
  "conversations",
  "messages",
  "blocks",
  "posts",
  "users",
];

/**
 * What every kept page also depends on: the year (the footer) and whether demo schools are
 * shown (the demo notice: removing them must take it away).
 */
const variantOf = (ctx: PageContextValue) => `${ctx.year}|${ctx.demoData ? "demo" : "real"}`;

/** The header's stream position and unread badges for a member, in one read. */
export type MemberHeaderOf = (userId: number) => Promise<MemberHeader>;

/**
 * Binds page rendering to the app: public URL, CSP nonce, the signed-in viewer and their
 * unread counts. Pages that are the same for every guest are rendered once (per year, for
 * the footer) and served from memory with a ready gzip body; a member gets the same page
 * with their own header rendered per request into it (at its own address, without a query;
 * elsewhere, as the 404 page, a member's page is rendered whole).
 */
export function createPageRenderer(
  app: AppContext,
  hasDemoData: () => Promise<boolean>,
  readMemberHeader?: MemberHeaderOf,
) {
  // The header's counts and stream position kept per member until an event is written or a
  // table the counts read moves (another copy's within the versions' refresh: its events
  // reach the page anyway, as the stream replays everything after the kept position).
  const headers = createKeptStore<MemberHeader>((app.env.MEMBER_CACHE_MB * 1024 * 1024) / 32, () => 100);
  const memberHeader =
    readMemberHeader &&
    (async (userId: number) => {
      const stamp = await stampOf(app.database.client, HEADER_TABLES, app.now());
      return (await headers.get(String(userId), stamp, () => readMemberHeader(userId))) as MemberHeader;
    });
  const cache = new Map<string, CachedPage>();

  async function cachedGuestPage(key: string, ctx: PageContextValue, input: RenderInput) {
    const hit = cache.get(key);
    if (hit) return hit;
    const response = await renderPage(ctx, input, app.logger);
    const html = new Uint8Array(await response.arrayBuffer());
    const page = { status: response.status, html, gzip: Bun.gzipSync(html, { level: 9 }) };
    cache.set(key, page);
    return page;
  }

  const shells = new Map<string, MemberShell | null>();
  /** The page as any member sees it, cut around the header; null when it cannot be cut. */
  async function memberShell(key: string, ctx: PageContextValue, input: RenderInput) {
    let shell = shells.get(key);
    if (shell !== undefined) return shell;
    // Rendered for no one in particular: nothing of the asking member stays in the kept parts.
    const anyone = { ...(ctx.viewer as Viewer), id: 0, username: "member", profilePhoto: null };
    const response = await renderPage({ ...ctx, viewer: anyone }, input, app.logger);
    shell = memberShellOf(await response.text(), anyone.liveFrom, response.status) ?? null;
    if (shells.size >= 64) shells.clear();
    shells.set(key, shell);
    return shell;
  }

  async function pageContext({ request, session }: PageRequest): Promise<PageContextValue> {
    const url = new URL(request.url);
    const viewer = viewerOf(session, app.env.ADMIN_EMAILS);
    const [demoData, header] = await Promise.all([
      hasDemoData(),
      viewer && memberHeader ? memberHeader(viewer.id) : undefined,
    ]);
    if (viewer && header) {
      viewer.liveFrom = header.liveFrom;
      viewer.unreadNotifications = header.notifications;
      viewer.unreadMessages = header.messages;
    }
    return {
      publicUrl: app.env.PUBLIC_URL,
      path: url.pathname,
      search: url.search,
      viewer,
      nonce: requestMeta(request).nonce,
      year: app.now().getFullYear(),
      demoData,
    };
  }

  // A member's own page, cut around their header like the static pages' shells.
  const kept = createKeptStore<MemberShell | null>((app.env.MEMBER_CACHE_MB * 1024 * 1024) / 2, (shell) =>
    shell ? shellBytes(shell) : 64,
  );

  /**
   * A member's page kept for them until a table in `tables` (every table the page and its
   * loader read) or the minute moves: a request then reads only their header. `key` adds
   * what else the page is made from (beyond the member and the address). A guest's page, or
   * one that cannot be cut, is rendered whole each time.
   */
  async function forViewer(
    page: PageRequest,
    { tables, key = "" }: { tables: readonly VersionedTable[]; key?: string },
    load: () => RenderInput | Promise<RenderInput>,
  ): Promise<Response> {
    if (!page.session) return render(page, await load());
    const [ctx, stamp] = await Promise.all([
      pageContext(page),
      stampOf(app.database.client, tables, app.now()),
    ]);
    const viewer = ctx.viewer as Viewer;
    let whole: Response | undefined;
    const shell = await kept.get(
      `${viewer.role}:${viewer.id}|${ctx.path}${ctx.search}|${key}|${variantOf(ctx)}`,
      stamp,
      async () => {
        const input = await load();
        // Without their photo, nothing of the header is hoisted into <head> to cut around.
        const response = await renderPage(
          { ...ctx, viewer: { ...viewer, profilePhoto: null } },
          input,
          app.logger,
        );
        const cut = memberShellOf(await response.text(), viewer.liveFrom, response.status);
        if (!cut) whole = await renderPage(ctx, input, app.logger);
        return cut ?? null;
      },
    );
    if (whole) return whole;
    if (!shell) return renderPage(ctx, await load(), app.logger);
    return memberPageResponse(shell, viewer.liveFrom, renderHeader(ctx), acceptsGzip(page.request));
  }

  async function render(pageRequest: PageRequest, input: RenderInput): Promise<Response> {
    const ctx = await pageContext(pageRequest);
    const { viewer } = ctx;
    const url = new URL(pageRequest.request.url);
    const { request, session } = pageRequest;
    if (viewer && input.cacheKey === url.pathname && !url.search) {
      const shell = await memberShell(`${input.cacheKey}|${variantOf(ctx)}`, ctx, input);
      if (shell) return memberPageResponse(shell, viewer.liveFrom, renderHeader(ctx), acceptsGzip(request));
    }
    if (!input.cacheKey || session) return renderPage(ctx, input, app.logger);
    const page = await cachedGuestPage(
      `${input.cacheKey}|${variantOf(ctx)}`,
      { ...ctx, path: input.cacheKey, search: "" },
      input,
    );
    const gzip = acceptsGzip(request);
    return new Response(gzip ? page.gzip : page.html, {
      status: page.status,
      headers: { ...htmlHeaders, vary: "Accept-Encoding", ...(gzip ? { "content-encoding": "gzip" } : {}) },
    });
  }

  return Object.assign(render, { forViewer });
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
