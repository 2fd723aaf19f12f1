import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { assertKey, type ByteRange, type ObjectInfo, type Storage, type StoredObject } from "./storage";

const DEFAULT_TYPE = "application/octet-stream";

/**
 * Objects as files under `root`: the bytes at `root/<key>`, the content type beside them
 * at `root/.types/<key>` (keys never start with a dot, so neither tree can hold the
 * other's files). Writes go to a temporary file renamed into place, so a reader never
 * sees half an object. Uploads come through this server: `PUT /uploads/{ticket}`.
 */
export function diskStorage({ root, publicUrl }: { root: string; publicUrl: string }): Storage {
  const base = resolve(root);
  const pathOf = (key: string, tree = "") => {
    const path = resolve(base, tree, assertKey(key));
    if (!path.startsWith(base + sep)) throw new Error(`invalid storage key: ${key}`);
    return path;
  };
  const dataPath = (key: string) => pathOf(key);
  const typePath = (key: string) => pathOf(key, ".types");

  async function writeAtomically(path: string, bytes: Uint8Array | string) {
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${crypto.randomUUID()}.tmp`);
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async function head(key: string): Promise<ObjectInfo | null> {
    const info = await stat(dataPath(key)).catch(() => null);
    if (!info?.isFile()) return null;
    const contentType = await readFile(typePath(key), "utf8").catch(() => DEFAULT_TYPE);
    return { size: info.size, contentType };
  }

  return {
    uploadOrigin: null,
    async put(key, bytes, contentType) {
      await writeAtomically(typePath(key), contentType);
      await writeAtomically(dataPath(key), bytes);
    },
    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const info = await head(key);
      if (!info) return null;
      const file = Bun.file(dataPath(key));
      const blob = range ? file.slice(range.start, range.end + 1) : file;
      return { ...info, body: blob.stream(), range: range ?? null };
    },
    head,
    exists: async (key) => (await head(key)) !== null,
    async delete(key) {
      await rm(dataPath(key), { force: true });
      await rm(typePath(key), { force: true });
    },
    async signedUploadUrl(_key, { ticket }) {
      return `${publicUrl}/uploads/${encodeURIComponent(ticket)}`;
    },
  };
}
