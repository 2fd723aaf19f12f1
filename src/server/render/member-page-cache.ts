import zlib from "node:zlib";
import { RecentlyUsed } from "../../common/recently-used";
import { crc32Combine } from "./crc32-combine";
import { htmlHeaders } from "./render-page";

/**
 * A page that is the same for every member but for its header (a static page: /about, /shop,
 * /donate), cut once per key around what differs: the member's stream position in `<body>`,
 * their header, and what React hoists from the header into `<head>` (their photo's
 * preload). A member's request renders only the header and puts the page together.
 *
 * The gzip body is put together the same way. Each part is deflated on its own and cut at
 * a full flush, which leaves the stream byte-aligned with no reference to what came before,
 * so the parts join into one deflate stream: the kept parts are deflated once, a header
 * once per distinct header (kept, bounded), and the few bytes of the stream position go as
 * a stored block. A gzip trailer (CRC-32 and length of the whole page) closes it.
 */
export interface MemberShell {
  status: number;
  /** Up to the point in <head> where React puts the header's hoisted links. */
  head: Part;
  /** From there up to and including `<body data-live-from="`. */
  headRest: Part;
  /** From the end of the stream position up to the header. */
  beforeHeader: string;
  /** From the side menu, right after the header, to the end of the page (the last block). */
  tail: Part;
  /** The gzip body last put together from it, with the header and position it holds. */
  last?: { header: string; liveFrom: number; gzip: Uint8Array<ArrayBuffer> };
}

/** Some HTML, deflated, with the CRC-32 and length of its bytes (the gzip trailer needs them). */
interface Part {
  deflated: Uint8Array;
  crc: number;
  length: number;
}

const VIEWPORT = '<meta name="viewport"';
const BODY = '<body data-live-from="';
const HEADER = '<header class="site-header"';
const AFTER_HEADER = '<dialog id="side-menu"';

const encoder = new TextEncoder();
// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

// Only the deflated bytes are kept, not the HTML as well: a member's kept page took three to
// four times the memory with it, and 200 members' pages no longer fitted MEMBER_CACHE_MB. The
// rare client that takes no gzip gets the gzip body decoded.
function part(text: string, last = false): Part {
  const bytes = encoder.encode(text);
  const flush = last ? zlib.constants.Z_FINISH : zlib.constants.Z_FULL_FLUSH;
  return {
    deflated: zlib.deflateRawSync(bytes, { level: 6, finishFlush: flush }),
    crc: zlib.crc32(bytes),
    length: bytes.byteLength,
  };
}

/** Bytes as one stored (uncompressed) deflate block, not the last; at most 65,535 of them. */
function stored(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + bytes.byteLength);
  // BFINAL 0, BTYPE 00, padded to the byte; then LEN and its one's complement, little-endian.
  out[1] = bytes.byteLength & 0xff;
  out[2] = bytes.byteLength >> 8;
  out[3] = ~bytes.byteLength & 0xff;
  out[4] = (~bytes.byteLength >> 8) & 0xff;
  out.set(bytes, 5);
  return out;
}

/**
 * Headers deflated, by their HTML: a member's header stays the same until a count moves.
 * Asked for only when a shell's last gzip body was put together around another header.
 */
const deflatedHeaders = new RecentlyUsed<string, Part>(1024);
function headerPart(html: string): Part {
  let kept = deflatedHeaders.get(html);
  if (!kept) {
    kept = part(html);
    deflatedHeaders.set(html, kept);
  }
  return kept;
}

/**
 * Cuts a full render of the page for a member (with `liveFrom` as its stream position and
 * nothing hoisted from the header) into a shell; undefined when the page does not have the
 * layout's marks in their order, so the caller renders it whole.
 */
export function memberShellOf(html: string, liveFrom: number, status: number): MemberShell | undefined {
  const viewport = html.indexOf(VIEWPORT);
  const hoisted = html.indexOf("/>", viewport) + 2;
  const body = html.indexOf(BODY);
  const header = html.indexOf(HEADER);
  const after = html.indexOf(AFTER_HEADER, header);
  if (viewport < 0 || hoisted < 2 || body < hoisted || header < body || after < header) return undefined;
  const position = body + BODY.length;
  if (!html.startsWith(`${liveFrom}"`, position)) return undefined;
  return {
    status,
    head: part(html.slice(0, hoisted)),
    headRest: part(html.slice(hoisted, position)),
    beforeHeader: detached(html.slice(position + String(liveFrom).length, header)),
    tail: part(html.slice(after), true),
  };
}

/**
 * The text as a string of its own. A slice shares the string it was cut from: a kept slice
 * of a few hundred characters held the whole rendered page (as two bytes a character once
 * the page has one character beyond Latin-1), four times what the shell was counted at.
 * A JSON round trip copies it exactly, lone surrogates included.
 */
const detached = (text: string): string => JSON.parse(JSON.stringify(text));

/** About what a shell holds in memory. */
export function shellBytes(shell: MemberShell): number {
  const size = (p: Part) => p.deflated.byteLength + 16;
  // The last gzip body put together from it is about the size of its deflated parts.
  const last =
    shell.head.deflated.byteLength + shell.headRest.deflated.byteLength + shell.tail.deflated.byteLength;
  return size(shell.head) + size(shell.headRest) + shell.beforeHeader.length + size(shell.tail) + last;
}

/**
 * The page for one member: their stream position and their header (as `renderHeader` gives
 * it: what React hoists into <head> first) between the kept parts.
 */
export function memberPageResponse(shell: MemberShell, liveFrom: number, rendered: string, gzip: boolean) {
  const headers = { ...htmlHeaders, vary: "Accept-Encoding" };
  // The same member asking again with nothing moved gets the bytes put together last time:
  // `renderHeader` hands out its kept string, so the same header is the same string.
  let out = shell.last?.header === rendered && shell.last.liveFrom === liveFrom ? shell.last.gzip : undefined;
  if (!out) {
    out = memberPageGzip(shell, liveFrom, rendered);
    shell.last = { header: rendered, liveFrom, gzip: out };
  }
  if (!gzip) return new Response(Bun.gunzipSync(out), { status: shell.status, headers });
  return new Response(out, { status: shell.status, headers: { ...headers, "content-encoding": "gzip" } });
}

function memberPageGzip(shell: MemberShell, liveFrom: number, rendered: string): Uint8Array<ArrayBuffer> {
  const cut = Math.max(0, rendered.indexOf(HEADER));
  const hoisted = rendered.slice(0, cut);
  const header = `${shell.beforeHeader}${rendered.slice(cut)}`;
  const position = encoder.encode(String(liveFrom));
  const middle = headerPart(header);
  const parts: Part[] = [shell.head];
  if (hoisted) parts.push(headerPart(hoisted));
  parts.push(
    shell.headRest,
    { deflated: stored(position), crc: zlib.crc32(position), length: position.byteLength },
    middle,
    shell.tail,
  );
  let size = GZIP_HEADER.byteLength + 8;
  let crc = 0;
  let length = 0;
  for (const p of parts) {
    size += p.deflated.byteLength;
    crc = crc32Combine(crc, p.crc, p.length);
    length += p.length;
  }
  const out = new Uint8Array(size);
  out.set(GZIP_HEADER);
  let at = GZIP_HEADER.byteLength;
  for (const p of parts) {
    out.set(p.deflated, at);
    at += p.deflated.byteLength;
  }
  const view = new DataView(out.buffer);
  view.setUint32(at, crc >>> 0, true);
  view.setUint32(at + 4, length >>> 0, true);
  return out;
}
