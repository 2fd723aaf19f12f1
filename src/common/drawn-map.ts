/**
 * The map of the home screen's first view, drawn by the server (issue 23): the basemap as
 * an SVG image, and the pins and clusters as marks placed on it. It shows in the first
 * HTML with no script; MapLibre replaces it in place when the visitor reaches for the map,
 * starting at exactly `center` and `zoom`, so nothing jumps.
 */
export interface DrawnMapView {
  /** The camera the drawing was made for: MapLibre starts here. */
  center: { lng: number; lat: number };
  /** A whole zoom level (web mercator, 512 px tiles as MapLibre uses). */
  zoom: number;
  /**
   * The drawing's size in CSS px. It is larger than any map box; the box shows its middle,
   * unscaled (so a pixel of the drawing is a pixel of MapLibre's map at `zoom`).
   */
  width: number;
  height: number;
  /** The basemap for this view (land, water, state lines, labels): an SVG image, cacheable. */
  imageUrl: string;
  /** Pins and clusters, in px from the drawing's top-left corner. */
  marks: DrawnMark[];
}

export type DrawnMark =
  | { kind: "pin"; id: number; x: number; y: number; name: string; favorite: boolean }
  | {
      kind: "cluster";
      x: number;
      y: number;
      count: number;
      /** Saved gyms among them, for the cluster's colour as the live map draws it. */
      favorites: number;
      lng: number;
      lat: number;
      /** The zoom at which the cluster breaks apart, where a tap on it goes. */
      expansionZoom: number;
    };
