import { LngLatBounds, type Map as MapLibreMap } from "maplibre-gl";
import { FIT_PADDING, PIN_HEIGHT, US_VIEW } from "../../common/map-view";
import type { SchoolMapProps } from "./SchoolMap";

/** The first view and the deepest zoom live in common/map-view, so the server draws the same view. */
export { mapMaxZoom, OVERZOOM, US_VIEW } from "../../common/map-view";

type MapCamera = SchoolMapProps["camera"];

/** `fit` never zooms closer than this, even around a single school. */
const FIT_MAX_ZOOM = 15;

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

/**
 * The first view: `camera`, at once; or, with a drawn start, the drawing's view (the map was
 * created there), then on to a camera the app asked for while it loaded.
 */
export function startCamera(map: MapLibreMap, props: SchoolMapProps) {
  const { start } = props;
  if (!start) return applyCamera(map, props.camera, false);
  if (props.cameraKey !== start.cameraKey) applyCamera(map, props.camera, true);
}
