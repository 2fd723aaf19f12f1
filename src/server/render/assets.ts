import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildOutputRoot, missingBuildFile } from "../runtime";

/** What scripts/build-client.ts wrote: hashed file names for each entry. */
export interface AssetManifest {
  css: string;
  nav: string;
  hydrate: string;
  /** The sign-in modal, imported by the nav script on demand. */
  authModal: string;
  islands: Record<string, string>;
  /**
   * Chunks an island imports later but wants soon (the home map), with their static
   * imports: prefetched beside the island's own chunk (see asset-tags.tsx).
   */
  preload?: Record<string, string[]>;
  /** Every emitted file (relative to the asset root), with its gzip twin when one was written. */
  files: Record<string, { type: string; gzip: boolean }>;
  /**
   * The installable app (issue 22): the icons scripts/build-icons.ts rendered (files above) and
   * the service worker, a file of the root served at /sw.js (not under /assets/).
   */
  app?: {
    icons: { file: string; sizes: string; purpose: "any" | "maskable" }[];
    appleTouchIcon: string;
    serviceWorker: string;
  };
}

/** The client build: embedded in the binary, or .build/client from source. */
export const assetRoot = () => buildOutputRoot("client");

let cached: AssetManifest | undefined;

export function loadAssetManifest(root = assetRoot()): AssetManifest {
  if (cached) return cached;
  const file = join(root, "manifest.json");
  if (!existsSync(file)) throw missingBuildFile(file, "npm run build:client");
  cached = JSON.parse(readFileSync(file, "utf8")) as AssetManifest;
  return cached;
}

export const ASSET_PREFIX = "/assets/";
export const assetUrl = (file: string) => `${ASSET_PREFIX}${file}`;
