import { deflateSync, inflateSync } from "node:zlib";

/**
 * Just enough PNG to crop: Bun.Image resizes, rotates and encodes but cannot crop, so the
 * square is cut from its (8- or 16-bit, non-interlaced) PNG output here, byte-exact, and
 * handed back to it. Colour type and palette are carried over untouched.
 */

const SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Chunks kept from the source: palette, transparency and colour space. */
const KEPT = new Set(["PLTE", "tRNS", "iCCP", "sRGB", "gAMA", "cHRM"]);

export interface RawPng {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  /** Bytes per pixel. */
  bpp: number;
  /** Unfiltered scanlines, `width * bpp` bytes each. */
  pixels: Uint8Array;
  /** Ancillary chunks to write back, in order. */
  chunks: { type: string; data: Uint8Array }[];
}

export function decodePng(png: Uint8Array): RawPng {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (!SIGNATURE.every((b, i) => png[i] === b)) throw new Error("not a PNG");
  let offset = 8;
  let header: {
    width: number;
    height: number;
    bitDepth: number;
    colorType: number;
    interlace: number;
  } | null = null;
  const idat: Uint8Array[] = [];
  const chunks: RawPng["chunks"] = [];
  while (offset + 8 <= png.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(...png.subarray(offset + 4, offset + 8));
    const data = png.subarray(offset + 8, offset + 8 + length);
    offset += 12 + length;
    if (type === "IHDR") {
      const fields = new DataView(data.buffer, data.byteOffset, data.byteLength);
      header = {
        width: fields.getUint32(0),
        height: fields.getUint32(4),
        bitDepth: data[8] ?? 0,
        colorType: data[9] ?? 0,
        interlace: data[12] ?? 0,
      };
    } else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    else if (KEPT.has(type)) chunks.push({ type, data });
  }
  const channels = header ? CHANNELS[header.colorType] : undefined;
  if (!header || !channels || header.interlace !== 0 || (header.bitDepth !== 8 && header.bitDepth !== 16)) {
    throw new Error("unsupported PNG layout");
  }
  const bpp = (channels * header.bitDepth) / 8;
  const stride = header.width * bpp;
  const filtered = inflateSync(Buffer.concat(idat));
  if (filtered.length < (stride + 1) * header.height) throw new Error("truncated PNG");
  const pixels = new Uint8Array(stride * header.height);
  for (let y = 0; y < header.height; y++) {
    const filter = filtered[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    for (let x = 0; x < stride; x++) {
      const raw = filtered[src + x] ?? 0;
      const a = x >= bpp ? (pixels[row + x - bpp] ?? 0) : 0;
      const b = y > 0 ? (pixels[prev + x] ?? 0) : 0;
      const c = y > 0 && x >= bpp ? (pixels[prev + x - bpp] ?? 0) : 0;
      let value: number;
      switch (filter) {
        case 0:
          value = raw;
          break;
        case 1:
          value = raw + a;
          break;
        case 2:
          value = raw + b;
          break;
        case 3:
          value = raw + ((a + b) >> 1);
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          value = raw + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default:
          throw new Error(`bad PNG filter ${filter}`);
      }
      pixels[row + x] = value & 0xff;
    }
  }
  return { ...header, bpp, pixels, chunks };
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The `size`×`size` square at (`left`, `top`) of `image`, as a PNG. */
export function cropPng(image: RawPng, left: number, top: number, size: number): Uint8Array {
  const stride = size * image.bpp;
  const filtered = new Uint8Array((stride + 1) * size);
  for (let y = 0; y < size; y++) {
    const from = ((top + y) * image.width + left) * image.bpp;
    filtered.set(image.pixels.subarray(from, from + stride), y * (stride + 1) + 1);
  }
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  ihdr[8] = image.bitDepth;
  ihdr[9] = image.colorType;
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", ihdr),
    ...image.chunks.map((c) => chunk(c.type, c.data)),
    chunk("IDAT", deflateSync(filtered, { level: 1 })),
    chunk("IEND", new Uint8Array()),
  ]);
}
