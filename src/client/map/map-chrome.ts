/** What SchoolMap does to MapLibre's own page parts: its credits, and its pixel ratio without a GPU. */
import type { Map as MapLibreMap } from "maplibre-gl";

/**
 * The credits fold as soon as MapLibre first shows them (when a source's metadata names
 * them; it opens them then on a small map), and stay as the visitor leaves them after that.
 */
export function foldAttribution(map: MapLibreMap) {
  const fold = () => {
    const credits = map.getContainer().querySelector(".maplibregl-ctrl-attrib");
    if (!credits?.classList.contains("maplibregl-compact")) return;
    credits.classList.remove("maplibregl-compact-show");
    map.off("styledata", fold);
    map.off("sourcedata", fold);
  };
  map.on("styledata", fold);
  map.on("sourcedata", fold);
}

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software/i;

/**
 * Without a GPU (software WebGL: SwiftShader, llvmpipe) every map frame is drawn by the CPU,
 * on the page's time: at a phone's pixel ratio a frame takes hundreds of ms and the page stops
 * answering while the map starts. There, the map draws at 1 device pixel per CSS pixel, a
 * third to a ninth of the pixels; with a GPU it keeps the screen's sharpness.
 */
export function capPixelRatioOnSoftwareGl(map: MapLibreMap) {
  if (window.devicePixelRatio <= 1) return;
  const canvas = map.getCanvas();
  const gl = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
  const info = gl?.getExtension("WEBGL_debug_renderer_info");
  const renderer = info ? String(gl?.getParameter(info.UNMASKED_RENDERER_WEBGL) ?? "") : "";
  if (SOFTWARE_RENDERERS.test(renderer)) map.setPixelRatio(1);
}
