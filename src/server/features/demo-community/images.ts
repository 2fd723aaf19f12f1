import { deflateSync } from "node:zlib";
import type { Random } from "../../../db/seed/random";
import type { PhotoTheme } from "./content";

/**
 * Pictures for demo posts, drawn in code so the binary carries no image files: a mat, a
 * sunset, a belt and a bokeh of team colours. Each is a PNG that then goes through the
 * real post-photo pipeline (decoded and re-encoded as WebP), like an upload would.
 */

/** Painters draw on a canvas of this size, 16:10 like a single photo in the feed. */
const CANVAS_WIDTH = 800;
const CANVAS_HEIGHT = 500;

/**
 * Pictures are made at this fraction of the canvas: 320×200. Painting runs on the
 * JavaScript thread at first start, mostly before the JIT has warmed up, and the pictures
 * are soft gradients that the browser enlarges as well as any server would.
 */
const SCALE = 2.5;

type Rgb = readonly [number, number, number];
/**
 * Paints one pixel into `out` (red, green, blue; clamped when written). Painters write
 * into one reused array rather than return a new one: this runs 400,000 times a picture.
 */
type Painter = (x: number, y: number, out: Float64Array) => void;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An 8-bit RGB PNG of `width`×`height`, its pixels from `paint`. */
export function encodePng(width: number, height: number, paint: Painter): Uint8Array {
  // Each row starts with PNG's filter byte (0, none); Uint8ClampedArray rounds and clamps.
  const stride = width * 3 + 1;
  const raw = new Uint8ClampedArray(stride * height);
  const pixel = new Float64Array(3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      paint(x, y, pixel);
      const at = y * stride + 1 + x * 3;
      raw[at] = pixel[0] as number;
      raw[at + 1] = pixel[1] as number;
      raw[at + 2] = pixel[2] as number;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    new Uint8Array(SIGNATURE),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(new Uint8Array(raw.buffer), { level: 1 })),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** Math.hypot is several times slower, and this runs for every pixel. */
const dist = (dx: number, dy: number) => Math.sqrt(dx * dx + dy * dy);
const put = (out: Float64Array, c: Rgb, f = 1) => {
  out[0] = c[0] * f;
  out[1] = c[1] * f;
  out[2] = c[2] * f;
};
/** `out` moved towards `c` by `t` (0 keeps it, 1 replaces it). */
const blend = (out: Float64Array, c: Rgb, t: number) => {
  out[0] = (out[0] as number) + (c[0] - (out[0] as number)) * t;
  out[1] = (out[1] as number) + (c[1] - (out[1] as number)) * t;
  out[2] = (out[2] as number) + (c[2] - (out[2] as number)) * t;
};
/** Darker towards the corners, as a phone camera's lens does. */
const vignette = (x: number, y: number, w: number, h: number) => {
  const dx = x / w - 0.5;
  const dy = y / h - 0.5;
  return 1 - 0.55 * (dx * dx + dy * dy);
};

/** Tatami: a grid of mats in two colours, laid in a brick bond, under a ceiling light. */
function mat(r: Random, w: number, h: number): Painter {
  const [a, b] = r.pick<[Rgb, Rgb]>([
    [
      [38, 84, 160],
      [48, 52, 62],
    ],
    [
      [196, 48, 44],
      [36, 38, 44],
    ],
    [
      [40, 120, 96],
      [220, 214, 196],
    ],
  ]);
  const tile = r.int(90, 130);
  return (x, y, out) => {
    const tx = Math.floor(x / tile);
    const shifted = y + tx * (tile / 2);
    const ty = Math.floor(shifted / tile);
    const seam = x % tile < SCALE || shifted % tile < SCALE ? 0.6 : 1;
    const light = 1.15 - dist(x / w - 0.5, y / h - 0.3) * 0.7;
    put(out, (tx + ty) % 3 === 0 ? b : a, seam * light * vignette(x, y, w, h));
  };
}

const TAPE: Rgb = [242, 242, 236];
const BAR: Rgb = [20, 20, 22];
const SUN: Rgb = [255, 236, 170];
const FAR_RIDGE: Rgb = [48, 30, 60];
const NEAR_RIDGE: Rgb = [22, 16, 34];

/** A sunset over hills: a sky gradient, the sun and its glow, two ridges in silhouette. */
function sunset(r: Random, w: number, h: number): Painter {
  const top: Rgb = r.pick([
    [44, 30, 92],
    [24, 40, 96],
  ]);
  const middle: Rgb = [240, 110, 70];
  const low: Rgb = [252, 206, 110];
  const sun = { x: w * (0.3 + r.next() * 0.4), y: h * 0.62, r: h * 0.09 };
  const phase = r.next() * 6;
  return (x, y, out) => {
    const far = h * 0.72 + Math.sin(x / 90 + phase) * 18 + Math.sin(x / 37) * 6;
    const near = h * 0.82 + Math.sin(x / 140 + phase * 2) * 14;
    const d = dist(x - sun.x, y - sun.y);
    const t = Math.min(1, y / (h * 0.75));
    if (t < 0.55) {
      put(out, top);
      blend(out, middle, t / 0.55);
    } else {
      put(out, middle);
      blend(out, low, (t - 0.55) / 0.45);
    }
    const glow = Math.max(0, 1 - d / (h * 0.5)) * 60;
    out[0] = (out[0] as number) + glow;
    out[1] = (out[1] as number) + glow * 0.7;
    out[2] = (out[2] as number) + glow * 0.3;
    // Sun and ridges cover part of a pixel at their edges, so the enlarged picture is smooth.
    const edge = (v: number) => Math.min(1, Math.max(0, v / SCALE + 0.5));
    blend(out, SUN, edge(sun.r - d));
    blend(out, FAR_RIDGE, edge(y - far));
    blend(out, NEAR_RIDGE, edge(y - near));
  };
}

/** A belt across a wooden bench: its colour, the black bar and white stripes of tape. */
function belt(r: Random, w: number, h: number): Painter {
  const colour: Rgb = r.pick([
    [236, 236, 230],
    [36, 82, 178],
    [104, 44, 140],
    [110, 66, 34],
  ]);
  const stripes = r.int(1, 4);
  const tilt = (r.next() - 0.5) * 0.25;
  const wood: [number, number, number] = [0, 0, 78];
  const cloth: [number, number, number] = [0, 0, 0];
  const half = h * 0.09;
  return (x, y, out) => {
    const offset = Math.abs(y - (h * 0.5 + (x - w / 2) * tilt));
    // How much of the pixel the belt covers, so its edges are smooth once enlarged.
    const cover = Math.min(1, Math.max(0, (half - offset) / SCALE));
    const light = vignette(x, y, w, h);
    if (cover < 1) {
      const grain = Math.sin(y / 7 + Math.sin(x / 60) * 2) * 10;
      wood[0] = 168 + grain;
      wood[1] = 120 + grain;
      put(out, wood, light);
      if (cover === 0) return;
    }
    const bar = x > w * 0.62 && x < w * 0.86;
    const stripe = Math.floor((x - w * 0.66) / (w * 0.035));
    const tape = bar && x > w * 0.66 && stripe < stripes * 2 && stripe % 2 === 0;
    const c = tape ? TAPE : bar ? BAR : colour;
    const f = (offset > half - 2 * SCALE ? 0.8 : 1) * (bar ? 1 : light);
    cloth[0] = c[0] * f;
    cloth[1] = c[1] * f;
    cloth[2] = c[2] * f;
    blend(out, cloth, cover);
  };
}

/** Soft circles of light in team colours, out of focus, on a dark gradient. */
function pattern(r: Random, w: number, h: number): Painter {
  const palette: Rgb[] = [
    [255, 196, 64],
    [80, 170, 255],
    [255, 96, 120],
    [120, 230, 160],
  ];
  const circles = Array.from({ length: 14 }, () => ({
    x: r.next() * w,
    y: r.next() * h,
    r: 30 + r.next() * 80,
    c: r.pick(palette),
  }));
  return (x, y, out) => {
    put(out, [16, 20, 40]);
    blend(out, [40, 24, 60], y / h);
    for (const c of circles) {
      const dx = x - c.x;
      const dy = y - c.y;
      if (dx > c.r || dx < -c.r || dy > c.r || dy < -c.r) continue;
      const d = dist(dx, dy);
      if (d < c.r) blend(out, c.c, 0.35 * (1 - (d / c.r) ** 4));
    }
  };
}

const PAINTERS: Record<PhotoTheme, (r: Random, w: number, h: number) => Painter> = {
  mat,
  sunset,
  belt,
  pattern,
};

/** One demo picture of `theme`, varied by `r`, as PNG bytes. */
export function demoPhoto(r: Random, theme: PhotoTheme): Uint8Array {
  const paint = PAINTERS[theme](r, CANVAS_WIDTH, CANVAS_HEIGHT);
  return encodePng(CANVAS_WIDTH / SCALE, CANVAS_HEIGHT / SCALE, (x, y, out) =>
    paint(x * SCALE, y * SCALE, out),
  );
}
