import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isCompiledBinary } from "../../runtime";
import { GEO_FORMAT_VERSION } from "./data-format";

/**
 * Inside the compiled binary the geo build is embedded at /$bunfs/root/geo (build-binary.ts
 * lists .build/geo in compile.assets); from source it lives in .build/geo at the repo root.
 */
export function geoDataRoot(): string {
  if (isCompiledBinary) return "/$bunfs/root/geo";
  return join(import.meta.dir, "../../../../.build/geo");
}

function readGeoFile(root: string, name: string): Buffer {
  const file = join(root, name);
  if (!existsSync(file)) {
    throw new Error(`Geo data is missing (${file}). Run \`bun scripts/build-geo.ts\` first.`);
  }
  return readFileSync(file);
}

/** Reads one JSON file of the geo build and refuses one written in another layout. */
export function readGeoJson<T extends { format: number }>(root: string, name: string): T {
  const parsed = JSON.parse(readGeoFile(root, name).toString("utf8")) as T;
  if (parsed.format !== GEO_FORMAT_VERSION) {
    throw new Error(
      `${name} has format ${parsed.format}, expected ${GEO_FORMAT_VERSION}: rebuild the geo data`,
    );
  }
  return parsed;
}

/** Reads a binary file of the geo build into an ArrayBuffer of its own, aligned for typed arrays. */
export function readGeoBinary(root: string, name: string): ArrayBuffer {
  const bytes = readGeoFile(root, name);
  const copy = new ArrayBuffer(bytes.byteLength);
  new Uint8Array(copy).set(bytes);
  return copy;
}
