import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isCompiledBinary } from "../runtime";

/** What scripts/build-client.ts wrote: hashed file names for each entry. */
export interface AssetManifest {
  css: string;
  nav: string;
  hydrate: string;
  /** The sign-in modal, imported by the nav script on demand. */
  authModal: string;
  islands: Record<string, string>;
  /** Every emitted file (relative to the asset root), with its gzip twin when one was written. */
  files: Record<string, { type: string; gzip: boolean }>;
}

/**
 * Inside the compiled binary the client build is embedded at /$bunfs/root/client;
 * from source it lives in .build/client at the repo root.
 */
export function assetRoot(): string {
  if (isCompiledBinary) return "/$bunfs/root/client";
  return join(import.meta.dir, "../../../.build/client");
}

let cached: AssetManifest | undefined;

export function loadAssetManifest(root = assetRoot()): AssetManifest {
  if (cached) return cached;
  const file = join(root, "manifest.json");
  if (!existsSync(file)) {
    throw new Error(`Client assets are missing (${file}). Run \`npm run build:client\` first.`);
  }
  cached = JSON.parse(readFileSync(file, "utf8")) as AssetManifest;
  return cached;
}

export const ASSET_PREFIX = "/assets/";
export const assetUrl = (file: string) => `${ASSET_PREFIX}${file}`;
