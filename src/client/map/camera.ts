import { LngLatBounds, type Map as MapLibreMap } from "maplibre-gl";
import type { SchoolMapProps } from "./SchoolMap";

type MapCamera = SchoolMapProps["camera"];

/** The centre of the continental US and a zoom that shows all of it on a laptop. */
export const US_VIEW = { center: [-98.5795, 39.8283] as [number, number], zoom: 4 };
/** `fit` never zooms closer than this, even around a single school. */
const FIT_MAX_ZOOM = 15;
const FIT_PADDING = 48;
/** Pins stand 32 px above their point: room for them at the top of a fitted view. */
const PIN_HEIGHT = 32;

/**
 * Vector tiles still draw when magnified a little past their own zoom (the lines and labels
 * of zoom 10 read well at 12, the city search's zoom), but at street level our basemap, which
 * has no streets, is blank ground around a pin (issue 23). So the map goes two zooms past the
 * archive's deepest tiles and no further.
 */
export const OVERZOOM = 2;
export const mapMaxZoom = (archiveMaxZoom: number) => archiveMaxZoom + OVERZOOM;

/** Moves the map to the camera; animated unless it is the first view. */
export function applyCamera(map: MapLibreMap, camera: MapCamera, animate: boolean): void {
  const move = (center: [number, number], zoom: number) =>
    animate ? map.flyTo({ center, zoom, essential: false }) : map.jumpTo({ center, zoom });
  if (camera.kind === "us") return void move(US_VIEW.center, US_VIEW.zoom);
  if (camera.kind === "point") return void move([camera.lng, camera.lat], camera.zoom);
  const [first, ...rest] = camera.points;
  if (!first) return;
  const bounds = rest.reduce(
    (box, point) => box.extend([point.lng, point.lat]),
    new LngLatBounds([first.lng, first.lat], [first.lng, first.lat]),
  );
  // Padding larger than a small map would make MapLibre refuse to fit at all.
  const { clientWidth, clientHeight } = map.getContainer();
  const side = Math.min(FIT_PADDING, Math.floor(Math.min(clientWidth, clientHeight) / 4));
  const top = Math.min(side + PIN_HEIGHT, Math.floor(clientHeight / 3));
  map.fitBounds(bounds, {
    padding: { top, bottom: side, left: side, right: side },
    maxZoom: FIT_MAX_ZOOM,
    animate,
  });
}
