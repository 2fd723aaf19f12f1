/**
 * The compiled binary as a self-hoster runs it: copied alone into an empty folder, with the
 * checkout it was built from hidden (tests/support/binary.ts). Runs after `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import {
  assertCanHideCheckout,
  type RunningBinary,
  runHiddenCommand,
  startHiddenServer,
} from "../support/binary";

beforeAll(() => assertCanHideCheckout());

describe("openmat --help", () => {
  it("says truthfully that the default is production", async () => {
    const { code, output } = await runHiddenCommand(["--help"]);
    expect(code).toBe(0);
    expect(output).toMatch(/NODE_ENV .*\(default: production\)/);
  });
});

describe("openmat serve, with the checkout hidden", () => {
  let server: RunningBinary;
  beforeAll(async () => {
    server = await startHiddenServer();
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });
  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

  it("serves pages with their embedded scripts and styles", async () => {
    const html = await (await get("/")).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    for (const asset of assets) expect([asset, (await get(asset)).status]).toEqual([asset, 200]);
  });

  it("serves the embedded basemap archive by range, and its fonts", async () => {
    const style = await (await get("/basemap/style.json")).json();
    const archive = await get("/basemap/us.pmtiles", { headers: { range: "bytes=0-126" } });
    expect(archive.status).toBe(206);
    expect(new TextDecoder().decode((await archive.arrayBuffer()).slice(0, 7))).toBe("PMTiles");
    const font = String(style.glyphs)
      .replace("{fontstack}", encodeURIComponent("Noto Sans Regular"))
      .replace("{range}", "0-255");
    expect((await get(new URL(font, server.url).pathname)).status).toBe(200);
  });

  it("answers place searches from the embedded geography", async () => {
    // A ZIP code only the gazetteer knows (no demo school is named after it).
    const res = await get("/api/suggestions?query=59701");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(["Butte, MT 59701"]);
  });

  it("has no dev mailbox, prints no reset link, and says mail is not delivered", async () => {
    expect((await get("/dev/mailbox.json")).status).toBe(404);
    const forgot = await get("/api/auth/forgot-password", {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: "someone@example.com" }),
    });
    expect(forgot.status).toBe(200);
    expect(server.log()).toContain("mail is not delivered");
    expect(server.log()).not.toContain("token=");
  });
});

describe("openmat serve with NODE_ENV=development", () => {
  it("offers the dev mailbox to this machine", async () => {
    const server = await startHiddenServer({ NODE_ENV: "development" });
    try {
      expect((await fetch(`${server.url}/dev/mailbox.json`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
