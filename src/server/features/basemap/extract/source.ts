/**
 * Where an extract reads from: a PMTiles archive on this machine, or one on a web server read
 * with HTTP Range requests (the pmtiles library's FetchSource), so a city can be cut out of
 * a whole-planet build without downloading it.
 */
import { existsSync, statSync } from "node:fs";
import { type Entry, FetchSource, type Header, PMTiles } from "pmtiles";
import { LocalFileSource } from "../file-source";

export class ExtractInputError extends Error {}

export interface ArchiveReader {
  header: Header;
  metadata: Record<string, unknown>;
  /** The entries of the directory at this offset and length (the root's, or a leaf's). */
  directory(offset: number, length: number): Promise<Entry[]>;
  /** Raw bytes of the tile data section, as stored (still compressed). */
  tileBytes(offset: number, length: number): Promise<Uint8Array>;
}

export async function openArchive(from: string): Promise<ArchiveReader> {
  const remote = /^https?:\/\//.test(from);
  if (!remote && !(existsSync(from) && statSync(from).isFile())) {
    throw new ExtractInputError(`--from ${from}: no such file (give a PMTiles file or an http(s) URL)`);
  }
  const source = remote ? new FetchSource(from) : new LocalFileSource(from);
  const archive = new PMTiles(source);
  let header: Header;
  let metadata: Record<string, unknown>;
  try {
    header = await archive.getHeader();
    metadata = ((await archive.getMetadata()) ?? {}) as Record<string, unknown>;
  } catch (error) {
    throw new ExtractInputError(`--from ${from} is not a readable PMTiles v3 archive: ${String(error)}`);
  }
  return {
    header,
    metadata,
    directory: (offset, length) => archive.cache.getDirectory(source, offset, length, header),
    tileBytes: async (offset, length) =>
      new Uint8Array(
        (await source.getBytes(header.tileDataOffset + offset, length, undefined, header.etag)).data,
      ),
  };
}
