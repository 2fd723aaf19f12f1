import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildOutputRoot, missingBuildFile } from "../../runtime";
import { GEO_FORMAT_VERSION } from "./data-format";

/** The geo build: embedded in the binary, or .build/geo from source. */
export const geoDataRoot = () => buildOutputRoot("geo");

function readGeoFile(root: string, name: string): Buffer {
  const file = join(root, name);
  if (!existsSync(file)) throw missingBuildFile(file, "npm run build:geo");
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
