/** What other features may use of the basemap: its files, and reading a PMTiles archive on disk. */
export { LocalFileSource } from "./file-source";
export { type BasemapManifest, basemapDataRoot, FONTS_DIR, loadBasemapManifest } from "./files";
