/**
 * The bodies of GET /api/schools/pins and GET /api/schools/pins/names: every school's id,
 * position, open-mat days and visitor-rule filter bits in a compact binary form, and their
 * names in a JSON body of their own, both built and gzipped once per schools version. The
 * client fetches the two at once and shows the map and the list when both are in, so no pin
 * or row is ever without its name. At 20,000 schools with names of their own, one body with
 * the names was about 210 KB gzipped; the pins alone are about 100 KB and the names 90 KB,
 * and the names answer "not modified" while no name changed (a check-in or a day moves the
 * pins' version, not the names').
 *
 * Pins layout (every integer an unsigned LEB128 varint unless said otherwise):
 *   version (1 byte, PINS_FORMAT), the names' key (byte length, ASCII), count N,
 *   N spatial-code deltas, N id deltas (zigzag), N day masks (1 byte each),
 *   N rule masks (1 byte each; almost all 0 until gyms set rules, which gzip folds to nothing).
 * Pins are ordered along a Z-order curve of their fixed-point position (1e-5 degree, about
 * a metre), so the position of each is a small step from the one before; gzip then sees
 * like numbers next to like.
 *
 * Names body: `{"key":"…","names":[…]}`, one entry per pin in the pins' order: the name, or,
 * for a name already given, how many names back in the list of distinct names it was (so a
 * chain's hundred gyms cost a small number each). The key is a hash of the list; the pins
 * carry it, so a client that fetched the two across a change sees they do not belong
 * together (decodePins throws PinsMismatch) and asks again.
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

/** 3: the names in a body of their own (issue 25); 2 had them inline, with a rules byte per pin. */
export const PINS_FORMAT = 3;
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

/** The two bodies: the pins (binary) and their names (JSON text), with the key that ties them. */
export interface EncodedPins {
  pins: Uint8Array<ArrayBuffer>;
  names: string;
  key: string;
}

/** The pins and the names body were made from different versions of the schools. */
export class PinsMismatch extends Error {
  constructor() {
    super("pins: the names belong to other pins");
  }
}

/** FNV-1a over UTF-16 code units, as 8 hex digits: a short key for the names list. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}

export function encodePins(rows: readonly PinRow[]): EncodedPins {
  const placed = rows
    .map((row) => ({
      row,
      code: interleave(Math.round(row.lng * SCALE) + LNG_OFFSET, Math.round(row.lat * SCALE) + LAT_OFFSET),
    }))
    .sort((a, b) => a.code - b.code || a.row.id - b.row.id);
  const table = new Map<string, number>();
  const entries = placed.map(({ row }): string | number => {
    const at = table.get(row.name);
    if (at !== undefined) return table.size - at;
    table.set(row.name, table.size);
    return row.name;
  });
  const list = JSON.stringify(entries);
  const key = `${fnv1a(list)}-${placed.length}`;
  const out = new Writer();
  out.byte(PINS_FORMAT);
  out.varint(key.length);
  out.raw(new TextEncoder().encode(key));
  out.varint(placed.length);
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
  for (const { row } of placed) out.byte((row.rules ?? 0) & 0xff);
  return { pins: out.bytes.slice(0, out.length), names: `{"key":"${key}","names":${list}}`, key };
}

/** The names, in the pins' order, from the names body; PinsMismatch when its key is not `key`. */
function namesOf(text: string, key: string): string[] {
  const body = JSON.parse(text) as { key?: unknown; names?: unknown };
  if (body.key !== key || !Array.isArray(body.names)) throw new PinsMismatch();
  const distinct: string[] = [];
  return body.names.map((entry: unknown) => {
    if (typeof entry === "string") {
      distinct.push(entry);
      return entry;
    }
    return distinct[distinct.length - Number(entry)] ?? "";
  });
}

/**
 * The rows `encodePins` was given, ordered by id, positions rounded to 1e-5 degree, named
 * from `names` (the names body made with these pins; without it every name is "").
 */
export function decodePins(bytes: Uint8Array, names?: string): PinRow[] {
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
  const keyLength = varint();
  const key = new TextDecoder().decode(bytes.subarray(at, at + keyLength));
  at += keyLength;
  const count = varint();
  const named = names === undefined ? undefined : namesOf(names, key);
  if (named && named.length !== count) throw new PinsMismatch();
  const rows: PinRow[] = new Array(count);
  let code = 0;
  for (let i = 0; i < count; i++) {
    code += varint();
    const [x, y] = deinterleave(code);
    const name = named?.[i] ?? "";
    rows[i] = { id: 0, lat: (y - LAT_OFFSET) / SCALE, lng: (x - LNG_OFFSET) / SCALE, name, days: 0 };
  }
  let id = 0;
  for (const row of rows) {
    id += unzigzag(varint());
    row.id = id;
  }
  for (const row of rows) row.days = bytes[at++] ?? 0;
  for (const row of rows) {
    const rules = bytes[at++];
    if (rules === undefined) throw new Error("pins: body ends early");
    if (rules) row.rules = rules;
  }
  return rows.sort((a, b) => a.id - b.id);
}
