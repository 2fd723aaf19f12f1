// Imported with attributes that Bun.build understands (see maplibre-setup.ts).
declare module "maplibre-gl/dist/maplibre-gl-worker.mjs" {
  /** The worker's URL, relative to the importing chunk (`with { type: "file" }`). */
  const url: string;
  export default url;
}

declare module "maplibre-gl/dist/maplibre-gl.css" {
  /** The stylesheet's URL, relative to the importing chunk (`with { type: "file" }`). */
  const url: string;
  export default url;
}
