/**
 * `openmat basemap extract`: cuts the tiles of a box, up to a zoom, out of a PMTiles archive
 * (a whole Protomaps build, local or remote) into a new archive the server can serve. Only
 * the directories that cover the box are read, and the tiles are fetched in few large reads
 * (neighbouring tiles are stored next to each other), as go-pmtiles' extract does. Tiles are
 * copied byte for byte, still compressed; identical tiles stay stored once.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import type { Entry } from "pmtiles";
import { buildDirectories, header } from "../build/pmtiles-writer";
import { type BBox, lowerBound, parseMaxZoom, wantedTileIds } from "./region";
import { ExtractInputError, openArchive } from "./source";

export interface ExtractOptions {
  from: string;
  bbox: BBox;
  /** As given on the command line; the source's deepest zoom (at most 15) when absent. */
  maxZoom?: string;
  out: string;
  progress?: (line: string) => void;
}

export interface ExtractResult {
  tiles: number;
  bytes: number;
  minZoom: number;
  maxZoom: number;
}

/** Reads that are this close are merged into one: fewer HTTP requests for a few wasted bytes. */
const MERGE_GAP = 256 * 1024;
const MAX_READ = 32 * 1024 * 1024;

interface WantedTile {
  tileId: number;
  offset: number;
  length: number;
}

/** Walks the directories down to the tiles the box wants, reading only leaves that hold some. */
async function findTiles(
  archive: Awaited<ReturnType<typeof openArchive>>,
  wanted: Float64Array,
): Promise<WantedTile[]> {
  const { header: head } = archive;
  const found: WantedTile[] = [];
  const visit = async (entries: Entry[], end: number) => {
    for (const [i, entry] of entries.entries()) {
      const until = entries[i + 1]?.tileId ?? end;
      let at = lowerBound(wanted, entry.tileId);
      if (entry.runLength === 0) {
        if (at < wanted.length && (wanted[at] as number) < until) {
          await visit(await archive.directory(head.leafDirectoryOffset + entry.offset, entry.length), until);
        }
        continue;
      }
      const runEnd = entry.tileId + entry.runLength;
      for (; at < wanted.length && (wanted[at] as number) < runEnd; at++) {
        found.push({ tileId: wanted[at] as number, offset: entry.offset, length: entry.length });
      }
    }
  };
  await visit(await archive.directory(head.rootDirectoryOffset, head.rootDirectoryLength), Infinity);
  return found.sort((a, b) => a.tileId - b.tileId);
}

/** Groups the distinct stored tiles into large reads, in the order they are stored. */
function planReads(tiles: WantedTile[]) {
  const contents = [...new Map(tiles.map((t) => [t.offset, t.length])).entries()].sort((a, b) => a[0] - b[0]);
  const reads: { offset: number; length: number; contents: [number, number][] }[] = [];
  for (const [offset, length] of contents) {
    const last = reads.at(-1);
    const lastEnd = last ? last.offset + last.length : 0;
    if (last && offset - lastEnd <= MERGE_GAP && offset + length - last.offset <= MAX_READ) {
      last.length = Math.max(lastEnd, offset + length) - last.offset;
      last.contents.push([offset, length]);
    } else reads.push({ offset, length, contents: [[offset, length]] });
  }
  return reads;
}

export async function extractBasemap(options: ExtractOptions): Promise<ExtractResult> {
  const say = options.progress ?? (() => {});
  const archive = await openArchive(options.from);
  const source = archive.header;
  const maxZoom = parseMaxZoom(options.maxZoom, source.maxZoom);
  const [west, south, east, north] = options.bbox;
  const knownBounds = source.minLon < source.maxLon && source.minLat < source.maxLat;
  const outside =
    east <= source.minLon || west >= source.maxLon || north <= source.minLat || south >= source.maxLat;
  if (knownBounds && outside) {
    throw new ExtractInputError(
      `the box lies outside the source's area (${source.minLon},${source.minLat},${source.maxLon},${source.maxLat})`,
    );
  }
  const minZoom = Math.min(source.minZoom, maxZoom);
  const wanted = wantedTileIds(options.bbox, minZoom, maxZoom);
  say(
    `reading the directories for ${wanted.length.toLocaleString("en-US")} tile positions, zoom ${minZoom}–${maxZoom}`,
  );
  const tiles = await findTiles(archive, wanted);
  if (tiles.length === 0) throw new ExtractInputError("the source has no tiles inside the box");
  const reads = planReads(tiles);
  const total = reads.reduce((sum, read) => sum + read.length, 0);
  say(
    `${tiles.length.toLocaleString("en-US")} tiles to copy in ${reads.length} reads (${(total / 1e6).toFixed(1)} MB)`,
  );

  const dataFile = `${options.out}.tiles.tmp`;
  const outFile = `${options.out}.tmp`;
  try {
    // Tile data goes to disk as it arrives: a state at zoom 15 is more than memory should hold.
    const movedTo = new Map<number, number>();
    let dataLength = 0;
    const data = openSync(dataFile, "w");
    try {
      let copied = 0;
      let nextReport = total / 10;
      for (const read of reads) {
        const bytes = await archive.tileBytes(read.offset, read.length);
        for (const [offset, length] of read.contents) {
          writeSync(data, bytes, offset - read.offset, length);
          movedTo.set(offset, dataLength);
          dataLength += length;
        }
        copied += read.length;
        if (copied >= nextReport) {
          say(`copied ${Math.round((copied / total) * 100)}%`);
          nextReport += total / 10;
        }
      }
    } finally {
      closeSync(data);
    }

    const entries: Entry[] = [];
    let clustered = true;
    let appended = 0;
    for (const tile of tiles) {
      const offset = movedTo.get(tile.offset) as number;
      const last = entries.at(-1);
      if (last && last.offset === offset && last.tileId + last.runLength === tile.tileId) {
        last.runLength += 1;
        continue;
      }
      entries.push({ tileId: tile.tileId, offset, length: tile.length, runLength: 1 });
      if (offset === appended) appended += tile.length;
      else if (offset > appended) clustered = false;
    }
    const { root, leaves } = buildDirectories(entries);
    const metadata = Bun.gzipSync(
      new TextEncoder().encode(
        JSON.stringify({
          ...archive.metadata,
          maxzoom: maxZoom,
          openmat_extract: { from: options.from, bbox: options.bbox, maxzoom: maxZoom },
        }),
      ),
      { level: 9 },
    );
    const head = header({
      rootLength: root.length,
      metadataLength: metadata.length,
      leavesLength: leaves.length,
      dataLength,
      addressed: tiles.length,
      entries: entries.length,
      contents: movedTo.size,
      minZoom,
      maxZoom,
      tileCompression: source.tileCompression,
      tileType: source.tileType,
      clustered,
      info: {
        bounds: options.bbox,
        center: { lng: (west + east) / 2, lat: (south + north) / 2, zoom: Math.min(maxZoom, 12) },
        metadata: {},
      },
    });
    const out = Bun.file(outFile).writer();
    for (const part of [head, root, metadata, leaves]) out.write(part);
    await out.flush();
    // The tile data follows in chunks, never all in memory.
    const chunk = 16 * 1024 * 1024;
    for (let at = 0; at < dataLength; at += chunk) {
      out.write(
        new Uint8Array(
          await Bun.file(dataFile)
            .slice(at, Math.min(dataLength, at + chunk))
            .arrayBuffer(),
        ),
      );
      await out.flush();
    }
    await out.end();
    renameSync(outFile, options.out);
    const bytes = head.length + root.length + metadata.length + leaves.length + dataLength;
    say(
      `wrote ${options.out} (${(bytes / 1e6).toFixed(1)} MB, ${tiles.length.toLocaleString("en-US")} tiles)`,
    );
    return { tiles: tiles.length, bytes, minZoom, maxZoom };
  } finally {
    rmSync(dataFile, { force: true });
    rmSync(outFile, { force: true });
  }
}
