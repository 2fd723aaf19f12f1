import { beforeAll, describe, expect, test } from "bun:test";
import { validateStyleMin } from "@maplibre/maplibre-gl-style-spec";
import { PbfReader } from "pbf";
import { FONT_REGULAR } from "../../../common/map-style/openmat-layers";
import { type BasemapManifest, loadBasemapManifest } from "./files";
import { basemapArchiveUrl, basemapRoutes } from "./routes";
import { BASEMAP_BUILD_TIMEOUT_MS, ensureBasemap } from "./test-support";

/** Name, range and glyph ids of a glyph file (glyphs.proto: stacks = 1 {name = 1, range = 2, glyphs = 3 {id = 1}}). */
function readGlyphFile(bytes: Uint8Array) {
  const stack = { name: "", range: "", glyphIds: [] as number[] };
  const readGlyph = (field: number, ids: number[], pbf?: PbfReader) => {
    if (field === 1 && pbf) ids.push(pbf.readVarint());
  };
  const readStack = (field: number, into: typeof stack, pbf?: PbfReader) => {
    if (!pbf) return;
    if (field === 1) into.name = pbf.readString();
    else if (field === 2) into.range = pbf.readString();
    else if (field === 3) pbf.readMessage(readGlyph, into.glyphIds);
  };
  new PbfReader(bytes).readFields((field, into, pbf) => {
    if (field === 1 && pbf) pbf.readMessage(readStack, into);
  }, stack);
  return stack;
}

let app: ReturnType<typeof basemapRoutes>;
let manifest: BasemapManifest;
beforeAll(() => {
  ensureBasemap();
  manifest = loadBasemapManifest();
  app = basemapRoutes({ publicUrl: "https://openmat.example" });
}, BASEMAP_BUILD_TIMEOUT_MS);

const ARCHIVE = "http://localhost/basemap/us.pmtiles";
const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  app.handle(new Request(url, { method, headers }));

describe("GET /basemap/us.pmtiles", () => {
  test("answers a range with 206 and the PMTiles v3 header", async () => {
    const response = await get(ARCHIVE, { range: "bytes=0-126" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 0-126/${manifest.archive.bytes}`);
    expect(response.headers.get("content-length")).toBe("127");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(127);
    expect(new TextDecoder().decode(bytes.slice(0, 7))).toBe("PMTiles");
    expect(bytes[7]).toBe(3);
  });

  test("answers suffix and overlapping ranges with the right bytes", async () => {
    const whole = new Uint8Array(await (await get(ARCHIVE)).arrayBuffer());
    const suffix = await get(ARCHIVE, { range: "bytes=-100" });
    expect(suffix.status).toBe(206);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(whole.slice(-100));
    const overlapping = await get(ARCHIVE, { range: "bytes=100-199,150-299" });
    expect(overlapping.headers.get("content-range")).toBe(`bytes 100-299/${whole.length}`);
    expect(new Uint8Array(await overlapping.arrayBuffer())).toEqual(whole.slice(100, 300));
  });

  test("refuses bad ranges with 416 and the size", async () => {
    for (const range of ["bytes=500-100", "bytes=x-y", `bytes=${manifest.archive.bytes}-`]) {
      const response = await get(ARCHIVE, { range });
      expect(response.status).toBe(416);
      expect(response.headers.get("content-range")).toBe(`bytes */${manifest.archive.bytes}`);
    }
  });

  test("sends the whole archive with 200, an ETag, and 304 when it is unchanged", async () => {
    const response = await get(ARCHIVE);
    expect(response.status).toBe(200);
    expect(Number(response.headers.get("content-length"))).toBe(manifest.archive.bytes);
    expect(response.headers.get("content-type")).toBe("application/vnd.pmtiles");
    const etag = response.headers.get("etag") ?? "";
    expect(etag).toContain(manifest.archive.sha256.slice(0, 16));
    expect((await get(ARCHIVE, { "if-none-match": etag })).status).toBe(304);
    // A stale If-Range means the client's pieces are from another archive: all of it, then.
    expect((await get(ARCHIVE, { range: "bytes=0-9", "if-range": '"old"' })).status).toBe(200);
    expect((await get(ARCHIVE, { range: "bytes=0-9", "if-range": etag })).status).toBe(206);
  });

  test("answers HEAD with the headers and no body", async () => {
    const response = await get(ARCHIVE, {}, "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(manifest.archive.bytes));
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  test("lets browsers keep the versioned URL for good", async () => {
    const versioned = await get(`http://localhost${basemapArchiveUrl(manifest)}`, { range: "bytes=0-0" });
    expect(versioned.headers.get("cache-control")).toContain("immutable");
    expect((await get(ARCHIVE, { range: "bytes=0-0" })).headers.get("cache-control")).not.toContain(
      "immutable",
    );
  });
});

describe("GET /basemap/fonts/{fontstack}/{range}.pbf", () => {
  const glyphUrl = (fontstack: string, range: string) =>
    `http://localhost/basemap/fonts/${encodeURIComponent(fontstack)}/${range}.pbf`;

  test("serves SDF glyphs for Latin, gzipped when accepted", async () => {
    const plain = await get(glyphUrl(FONT_REGULAR, "0-255"));
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("application/x-protobuf");
    const stack = readGlyphFile(new Uint8Array(await plain.arrayBuffer()));
    expect(stack).toMatchObject({ name: FONT_REGULAR, range: "0-255" });
    expect(stack.glyphIds).toContain("A".charCodeAt(0));
    const gzipped = await get(glyphUrl(FONT_REGULAR, "0-255"), { "accept-encoding": "gzip" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
  });

  test("serves the first known font of a list, and empty ranges the font lacks", async () => {
    expect((await get(glyphUrl(`Unknown Font,${FONT_REGULAR}`, "256-511"))).status).toBe(200);
    const cjk = await get(glyphUrl(FONT_REGULAR, "19968-20223"));
    expect(cjk.status).toBe(200);
    expect((await cjk.arrayBuffer()).byteLength).toBe(0);
    expect((await get(glyphUrl("Comic Sans", "0-255"))).status).toBe(404);
    expect((await get(glyphUrl(FONT_REGULAR, "abc"))).status).toBe(404);
  });

  test("a font name that is an object key or bad percent-encoding is a JSON 404", async () => {
    for (const stack of ["__proto__", "constructor", "toString", "hasOwnProperty", "%ZZ", "%E0%A4%A"]) {
      const response = await get(`http://localhost/basemap/fonts/${stack}/0-255.pbf`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ message: "Not found" });
    }
  });
});

describe("GET /basemap/style.json", () => {
  test("is a valid style for our archive, with absolute URLs on the public origin", async () => {
    const response = await get("http://localhost/basemap/style.json");
    const style = await response.json();
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources.basemap.url).toBe(`pmtiles://https://openmat.example${basemapArchiveUrl(manifest)}`);
    expect(style.glyphs).toBe("https://openmat.example/basemap/fonts/{fontstack}/{range}.pbf");
  });
});
