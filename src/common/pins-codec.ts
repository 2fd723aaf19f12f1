/**
 * The body of GET /api/schools/pins: every school's id, position, name, open-mat days and
 * visitor-rule filter bits, in a compact binary form the server gzips once per schools version. At 20,000 schools
 * JSON rows (`[id, lat, lng, name, days]`) were 280–350 KB gzipped; this is about half.
 *
 * Layout (every integer an unsigned LEB128 varint unless said otherwise):
 *   version (1 byte, PINS_FORMAT), count N, names M, then M names (byte length, UTF-8),
 *   N spatial-code deltas, N id deltas (zigzag), N day masks (1 byte each), N name refs,
 *   N rule masks (1 byte each; almost all 0 until gyms set rules, which gzip folds to nothing).
 * Pins are ordered along a Z-order curve of their fixed-point position (1e-5 degree, about
 * a metre), so the position of each is a small step from the one before; gzip then sees
 * like numbers next to like. A name ref is 0 for "the next new name in the table", or how
 * far back in the table a repeated name is, so all-distinct names cost next to nothing.
 */

/** A school on the map: the fields the home screen's list and map need before details. */
export interface PinRow {
  id: number;
  lat: number;
  lng: number;
  name: string;
  /** Open-mat days, bit 0 = Sunday (as Date#getDay()). */
  days: number;
  /** Visitor-rule filter bits (common/visitor-rules `ruleBit`); absent when no rule is known. */
  rules?: number;
}

/** 2: a rules byte per pin after the name refs (issue 21). */
export const PINS_FORMAT = 2;
export const PINS_CONTENT_TYPE = "application/vnd.openmat.pins";
/** Positions are kept to 1e-5 degree (1.1 m of latitude). */
const SCALE = 1e5;
/** Offsets that make fixed-point longitude and latitude non-negative (both below 2^26). */
const LNG_OFFSET = 180 * SCALE;
const LAT_OFFSET = 90 * SCALE;
const LOW = 2 ** 32;
const HALF = 2 ** 16;

/** Spreads the low 16 bits of `v` to the even bits of a 32-bit word. */
function spread(v: number): number {
  let x = v & 0xffff;
  x = (x | (x << 8)) & 0x00ff00ff;
  x = (x | (x << 4)) & 0x0f0f0f0f;
  x = (x | (x << 2)) & 0x33333333;
  x = (x | (x << 1)) & 0x55555555;
  return x >>> 0;
}

/** The inverse of `spread`: the even bits of a 32-bit word, packed. */
function compact(v: number): number {
  let x = v & 0x55555555;
  x = (x | (x >>> 1)) & 0x33333333;
  x = (x | (x >>> 2)) & 0x0f0f0f0f;
  x = (x | (x >>> 4)) & 0x00ff00ff;
  x = (x | (x >>> 8)) & 0x0000ffff;
  return x;
}

/** The Z-order code of two 26-bit integers: below 2^52, so exact as a number. */
function interleave(x: number, y: number): number {
  const low = (spread(x) | (spread(y) << 1)) >>> 0;
  const high = (spread(Math.floor(x / HALF)) | (spread(Math.floor(y / HALF)) << 1)) >>> 0;
  return high * LOW + low;
}

function deinterleave(code: number): [x: number, y: number] {
  const low = code % LOW;
  const high = (code - low) / LOW;
  return [compact(low) + compact(high) * HALF, compact(low >>> 1) + compact(high >>> 1) * HALF];
}

class Writer {
  bytes = new Uint8Array(1024);
  length = 0;
  private room(n: number) {
    if (this.length + n <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
  byte(b: number) {
    this.room(1);
    this.bytes[this.length++] = b;
  }
  /** Non-negative integers up to 2^53, so arithmetic rather than 32-bit shifts. */
  varint(n: number) {
    this.room(8);
    let v = n;
    while (v >= 128) {
      this.bytes[this.length++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.bytes[this.length++] = v;
  }
  raw(chunk: Uint8Array) {
    this.room(chunk.length);
    this.bytes.set(chunk, this.length);
    this.length += chunk.length;
  }
}

const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);
const unzigzag = (n: number) => (n % 2 === 0 ? n / 2 : -(n + 1) / 2);

export function encodePins(rows: readonly PinRow[]): Uint8Array<ArrayBuffer> {
  const placed = rows
    .map((row) => ({
      row,
      code: interleave(Math.round(row.lng * SCALE) + LNG_OFFSET, Math.round(row.lat * SCALE) + LAT_OFFSET),
    }))
    .sort((a, b) => a.code - b.code || a.row.id - b.row.id);
  const table = new Map<string, number>();
  const refs = placed.map(({ row }) => {
    const at = table.get(row.name);
    if (at !== undefined) return table.size - at;
    table.set(row.name, table.size);
    return 0;
  });
  const out = new Writer();
  out.byte(PINS_FORMAT);
  out.varint(placed.length);
  out.varint(table.size);
  const utf8 = new TextEncoder();
  for (const name of table.keys()) {
    const bytes = utf8.encode(name);
    out.varint(bytes.length);
    out.raw(bytes);
  }
  let previous = 0;
  for (const { code } of placed) {
    out.varint(code - previous);
    previous = code;
  }
  previous = 0;
  for (const { row } of placed) {
    out.varint(zigzag(row.id - previous));
    previous = row.id;
  }
  for (const { row } of placed) out.byte(row.days & 0x7f);
  for (const ref of refs) out.varint(ref);
  for (const { row } of placed) out.byte((row.rules ?? 0) & 0xff);
  return out.bytes.slice(0, out.length);
}

/** The rows `encodePins` was given, ordered by id, positions rounded to 1e-5 degree. */
export function decodePins(bytes: Uint8Array): PinRow[] {
  let at = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[at++];
      if (b === undefined) throw new Error("pins: body ends early");
      value += (b & 127) * scale;
      if (b < 128) return value;
      scale *= 128;
    }
  };
  if (bytes[at++] !== PINS_FORMAT) throw new Error("pins: unknown format");
  const count = varint();
  const names: string[] = new Array(varint());
  const utf8 = new TextDecoder();
  for (let i = 0; i < names.length; i++) {
    const length = varint();
    names[i] = utf8.decode(bytes.subarray(at, at + length));
    at += length;
  }
  const rows: PinRow[] = new Array(count);
  let code = 0;
  for (let i = 0; i < count; i++) {
    code += varint();
    const [x, y] = deinterleave(code);
    rows[i] = { id: 0, lat: (y - LAT_OFFSET) / SCALE, lng: (x - LNG_OFFSET) / SCALE, name: "", days: 0 };
  }
  let id = 0;
  for (const row of rows) {
    id += unzigzag(varint());
    row.id = id;
  }
  for (const row of rows) row.days = bytes[at++] ?? 0;
  let seen = 0;
  for (const row of rows) {
    const ref = varint();
    row.name = names[ref === 0 ? seen++ : seen - ref] ?? "";
  }
  for (const row of rows) {
    const rules = bytes[at++];
    if (rules === undefined) throw new Error("pins: body ends early");
    if (rules) row.rules = rules;
  }
  return rows.sort((a, b) => a.id - b.id);
}
