import { heapStats } from "bun:jsc";
import { beforeAll, describe, expect, it } from "bun:test";
import { aboutPage } from "../../pages/about";
import { donatePage } from "../../pages/donate";
import type { PageContextValue, Viewer } from "../../pages/layout/page-context";
import { silentLogger } from "../log";
import { loadIslands } from "./island";
import { memberPageResponse, memberShellOf, shellBytes } from "./member-page-cache";
import { type RenderInput, renderHeader, renderPage } from "./render-page";

beforeAll(loadIslands);

const member = (over: Partial<Viewer> = {}): Viewer => ({
  id: 7,
  username: "rafa_kimura",
  role: "member",
  profilePhoto: null,
  unreadNotifications: 0,
  unreadMessages: 0,
  liveFrom: 0,
  ...over,
});

const contextFor = (viewer: Viewer, path: string): PageContextValue => ({
  publicUrl: "https://openmat.example",
  path,
  search: "",
  viewer,
  nonce: "n",
  year: 2026,
  demoData: true,
});

/** The page a member got when it was rendered whole for them. */
const whole = async (ctx: PageContextValue, input: RenderInput) =>
  (await renderPage(ctx, input, silentLogger)).text();

describe("a static page for a member, put together around their header", () => {
  const pages: [string, RenderInput][] = [
    ["/about", aboutPage()],
    ["/donate", donatePage("https://donate.example/openmat")],
  ];
  const members = [
    member(),
    member({
      id: 12,
      username: "Zoe.Triangle88",
      unreadNotifications: 3,
      unreadMessages: 12,
      liveFrom: 98765,
    }),
    member({ username: "<b>&amp;\"'", profilePhoto: "/photos/abc-512.webp", role: "admin", liveFrom: 5 }),
  ];
  for (const [path, input] of pages) {
    it(`is byte for byte the whole render of ${path}, raw and gzipped`, async () => {
      // The shell is cut from someone else's render, as the renderer does.
      const anyone = member({ id: 0, username: "member", liveFrom: 41 });
      const shell = memberShellOf(await whole(contextFor(anyone, path), input), 41, 200);
      expect(shell).toBeDefined();
      if (!shell) return;
      expect(shell.head + shell.beforeHeader + shell.tail).not.toContain("member<");
      for (const viewer of members) {
        const ctx = contextFor(viewer, path);
        const expected = await whole(ctx, input);
        const raw = memberPageResponse(shell, viewer.liveFrom, renderHeader(ctx), false);
        expect(await raw.text()).toBe(expected);
        const gzipped = memberPageResponse(shell, viewer.liveFrom, renderHeader(ctx), true);
        expect(gzipped.headers.get("content-encoding")).toBe("gzip");
        const bytes = new Uint8Array(await gzipped.arrayBuffer());
        // gunzip checks the trailer's CRC and length, as a browser does.
        expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toBe(expected);
        expect(expected).toContain(`data-live-from="${viewer.liveFrom}"`);
      }
    });
  }

  it("is not cut when the page has no header where the layout puts it", () => {
    expect(memberShellOf("<html><body>plain</body></html>", 0, 200)).toBeUndefined();
    expect(
      memberShellOf('<body data-live-from="3"><header class="site-header"></header>', 4, 200),
    ).toBeUndefined();
  });

  it("holds about what it is counted at, not the page it was cut from", async () => {
    // MEMBER_CACHE_MB bounds the shells by shellBytes: a shell that kept its whole render
    // alive (a slice shares its string) held four times that, and the cap meant little.
    const anyone = member({ id: 0, username: "member", liveFrom: 41 });
    const html = await whole(contextFor(anyone, "/about"), aboutPage());
    const count = 300;
    const kept = [];
    Bun.gc(true);
    const before = heapStats().heapSize;
    let counted = 0;
    for (let i = 0; i < count; i++) {
      // A page of its own each (a copy, not a slice), with a character beyond Latin-1.
      const page = `${html.replace("</body>", `<p>${i} – ${"x".repeat(i)}</p></body>`)}`;
      const shell = memberShellOf(page, 41, 200);
      if (!shell) throw new Error("the page should be cut");
      counted += shellBytes(shell);
      kept.push(shell);
    }
    Bun.gc(true);
    const held = heapStats().heapSize - before;
    expect(kept).toHaveLength(count);
    expect(held).toBeLessThan(2 * counted);
  });
});
