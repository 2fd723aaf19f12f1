/**
 * Writes a PMTiles v3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md).
 * The pmtiles npm package only reads archives, so the layout is written here: a 127-byte
 * header, the root directory, JSON metadata, leaf directories, then the tile data in
 * tile-ID order ("clustered"). Identical tiles (open sea, solid land) are stored once and
 * consecutive ones become a single run-length entry. Directories and metadata are gzipped.
 */
import { zxyToTileId } from "pmtiles";

const HEADER_BYTES = 127;
/** The header and root directory must fit in the first 16 KiB, which clients fetch at once. */
const ROOT_BUDGET = 16_384 - HEADER_BYTES;
const GZIP = 2;
const MVT = 1;

export interface Entry {
  tileId: number;
  offset: number;
  length: number;
  /** 0 marks an entry that points at a leaf directory instead of a tile. */
  runLength: number;
}

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile as served, already gzipped. */
  data: Uint8Array;
}

export interface ArchiveInfo {
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  center: { lng: number; lat: number; zoom: number };
  metadata: Record<string, unknown>;
}

function writeVarint(out: number[], value: number) {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

export function serializeDirectory(entries: Entry[]): Uint8Array {
  const out: number[] = [];
  writeVarint(out, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    writeVarint(out, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (const entry of entries) writeVarint(out, entry.runLength);
  for (const entry of entries) writeVarint(out, entry.length);
  entries.forEach((entry, i) => {
    const previous = entries[i - 1];
    const follows = previous && entry.offset === previous.offset + previous.length;
    writeVarint(out, follows ? 0 : entry.offset + 1);
  });
  return Bun.gzipSync(new Uint8Array(out), { level: 9 });
}

/** The root directory alone if it fits; otherwise a root of leaves, each leaf as large as needed. */
export function buildDirectories(entries: Entry[]): { root: Uint8Array; leaves: Uint8Array } {
  const whole = serializeDirectory(entries);
  if (whole.length <= ROOT_BUDGET) return { root: whole, leaves: new Uint8Array() };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const leafBytes: Uint8Array[] = [];
    const rootEntries: Entry[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const leaf = serializeDirectory(entries.slice(i, i + leafSize));
      rootEntries.push({ tileId: entries[i]?.tileId ?? 0, offset, length: leaf.length, runLength: 0 });
      leafBytes.push(leaf);
      offset += leaf.length;
    }
    const root = serializeDirectory(rootEntries);
    if (root.length <= ROOT_BUDGET) return { root, leaves: Buffer.concat(leafBytes) };
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/** Lays out tile data, sharing identical tiles, and returns the directory entries in tile-ID order. */
function layOutTiles(tiles: ArchiveTile[]) {
  const sorted = tiles
    .map((tile) => ({ tileId: zxyToTileId(tile.z, tile.x, tile.y), data: tile.data }))
    .sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  const chunks: Uint8Array[] = [];
  const stored = new Map<bigint | number, { offset: number; data: Uint8Array }[]>();
  let dataLength = 0;
  for (const { tileId, data } of sorted) {
    const hash = Bun.hash(data);
    const candidates = stored.get(hash) ?? [];
    let copy = candidates.find((candidate) => sameBytes(candidate.data, data));
    if (!copy) {
      copy = { offset: dataLength, data };
      candidates.push(copy);
      stored.set(hash, candidates);
      chunks.push(data);
      dataLength += data.length;
    }
    const last = entries.at(-1);
    if (last && last.offset === copy.offset && last.tileId + last.runLength === tileId) last.runLength += 1;
    else entries.push({ tileId, offset: copy.offset, length: data.length, runLength: 1 });
  }
  const contents = [...stored.values()].reduce((sum, copies) => sum + copies.length, 0);
  return { entries, data: Buffer.concat(chunks), addressed: sorted.length, contents };
}

export interface HeaderFields {
  rootLength: number;
  metadataLength: number;
  leavesLength: number;
  dataLength: number;
  addressed: number;
  entries: number;
  contents: number;
  minZoom: number;
  maxZoom: number;
  info: ArchiveInfo;
  /** As the tiles are stored: gzip and MVT unless an extract copies another archive's. */
  tileCompression?: number;
  tileType?: number;
  clustered?: boolean;
}

export function header(fields: HeaderFields): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode("PMTiles"), 0);
  bytes[7] = 3;
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + fields.rootLength;
  const leavesOffset = metadataOffset + fields.metadataLength;
  const dataOffset = leavesOffset + fields.leavesLength;
  const u64 = [
    rootOffset,
    fields.rootLength,
    metadataOffset,
    fields.metadataLength,
    leavesOffset,
    fields.leavesLength,
    dataOffset,
    fields.dataLength,
    fields.addressed,
    fields.entries,
    fields.contents,
  ];
  for (const [i, value] of u64.entries()) view.setBigUint64(8 + i * 8, BigInt(value), true);
  bytes.set(
    [
      fields.clustered === false ? 0 : 1,
      GZIP,
      fields.tileCompression ?? GZIP,
      fields.tileType ?? MVT,
      fields.minZoom,
      fields.maxZoom,
    ],
    96,
  );
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  for (const [i, degrees] of fields.info.bounds.entries()) view.setInt32(102 + i * 4, e7(degrees), true);
  bytes[118] = fields.info.center.zoom;
  view.setInt32(119, e7(fields.info.center.lng), true);
  view.setInt32(123, e7(fields.info.center.lat), true);
  return bytes;
}

/** The whole archive, ready to write to disk. */
export function buildPmtiles(tiles: ArchiveTile[], info: ArchiveInfo): Uint8Array {
  if (tiles.length === 0) throw new Error("a PMTiles archive needs at least one tile");
  const { entries, data, addressed, contents } = layOutTiles(tiles);
  const { root, leaves } = buildDirectories(entries);
  const metadata = Bun.gzipSync(new TextEncoder().encode(JSON.stringify(info.metadata)), { level: 9 });
  const head = header({
    rootLength: root.length,
    metadataLength: metadata.length,
    leavesLength: leaves.length,
    dataLength: data.length,
    addressed,
    entries: entries.length,
    contents,
    minZoom: tiles.reduce((min, tile) => Math.min(min, tile.z), Infinity),
    maxZoom: tiles.reduce((max, tile) => Math.max(max, tile.z), 0),
    info,
  });
  // A plain Uint8Array: Buffer's slice() would share memory, a trap for callers.
  return new Uint8Array(Buffer.concat([head, root, metadata, leaves, data]));
}
