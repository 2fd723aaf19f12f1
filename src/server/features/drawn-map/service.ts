/**
 * The home map's first view drawn by the server (issue 23): the view's camera, its pins and
 * clusters as marks, and the URL of its basemap image, which `drawnImage` draws. Views are
 * few (a whole zoom, the centre on a grid), so images are kept, a handful at a time.
 */
import type { DrawnMapView } from "../../../common/drawn-map";
import { CITY_ZOOM, type HomeScreenProps, MAX_FIT_ZOOM } from "../../../common/home";
import { BASEMAP_MAX_ZOOM } from "../../../common/map-style/openmat-layers";
import { PALETTE } from "../../../common/map-style/palette";
import { mapMaxZoom, US_VIEW } from "../../../common/map-view";
import type { Db } from "../../../db/client";
import { type BasemapArchive, openArchive } from "./archive";
import { drawBasemap, landOnlySvg } from "./draw";
import { markBoxes } from "./labels";
import { marksFor, schoolIndex } from "./marks";
import { DRAWING, fitView, type GridView, gridCenter, isGridView, type LngLat, snapView } from "./projection";

export { type GridView, isGridView } from "./projection";

export const DRAWN_PATH = "/basemap/drawn";
/** How many drawn images are kept: the US view is the common one, searches add a few. */
const KEPT_IMAGES = 12;

/** Where the first view looks: the same choices as the home island's first camera (islands/home/camera.ts). */
export type DrawnCamera =
  | { kind: "us" }
  | { kind: "point"; lng: number; lat: number; zoom: number }
  | { kind: "fit"; points: LngLat[] };

export interface DrawnMapDeps {
  db: Db;
  /** The basemap the live map reads: the built-in archive's URL, or BASEMAP_URL. */
  basemapUrl: string;
  /** The basemap build; tests point it elsewhere. */
  root?: string;
}

const archiveOrNone = (root?: string) => openArchive(root).catch(() => undefined);

/** A land-coloured image, for a basemap the server does not draw (it needs no request). */
const LAND_ONLY_URL = `data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${DRAWING.width}" height="${DRAWING.height}"><rect width="100%" height="100%" fill="${PALETTE.land}"/></svg>`,
)}`;

/** The deepest zoom the live map goes to: two past the archive's tiles (OVERZOOM). */
const deepestZoom = (archive: BasemapArchive | undefined) => mapMaxZoom(archive?.maxZoom ?? BASEMAP_MAX_ZOOM);

/**
 * The home island's first camera (islands/home/camera.ts and use-home-state.ts): found schools
 * fitted (a radius search keeps its place in the frame), a place with none at city zoom, the
 * focused school at city zoom, or the whole US.
 */
export function firstCamera(
  search: HomeScreenProps["search"],
  focus: HomeScreenProps["focusSchool"],
): DrawnCamera {
  const place = search?.location && { lng: search.location.longitude, lat: search.location.latitude };
  if (search && search.schools.length > 0) {
    const points = search.schools.map((s) => ({ lng: s.longitude, lat: s.latitude }));
    return { kind: "fit", points: search.strategy === "radius" && place ? [place, ...points] : points };
  }
  if (search && place) return { kind: "point", ...place, zoom: CITY_ZOOM };
  if (!search && focus) return { kind: "point", lng: focus.longitude, lat: focus.latitude, zoom: CITY_ZOOM };
  return { kind: "us" };
}

export function gridViewFor(camera: DrawnCamera, maxZoom: number): GridView {
  if (camera.kind === "us") {
    const [lng, lat] = US_VIEW.center;
    return snapView({ lng, lat }, Math.min(US_VIEW.zoom, maxZoom));
  }
  if (camera.kind === "point") {
    return snapView(camera, Math.min(camera.zoom, maxZoom, MAX_FIT_ZOOM));
  }
  const fitted = fitView(camera.points, Math.min(maxZoom, MAX_FIT_ZOOM));
  return snapView(fitted.center, fitted.zoom);
}

/**
 * The drawn first view for the home screen's props, or undefined when it cannot be made (the
 * page shows without it). With BASEMAP_URL elsewhere the image is land colour only.
 */
export async function drawnMapView(
  deps: DrawnMapDeps,
  camera: DrawnCamera,
  favoriteIds: readonly number[],
): Promise<DrawnMapView | undefined> {
  try {
    const archive = await archiveOrNone(deps.root);
    const maxZoom = deepestZoom(archive);
    const view = gridViewFor(camera, maxZoom);
    const schools = await schoolIndex(deps.db, maxZoom - 1);
    const builtIn = archive !== undefined && deps.basemapUrl.split("?")[0] === archive.path;
    // Drawn now, so the image is ready when the browser asks for it (once per view and schools version).
    if (builtIn) drawnImage(deps, view).catch(() => undefined);
    const imageUrl = builtIn
      ? `${DRAWN_PATH}/${view.zoom}/${view.gx}/${view.gy}.svg?v=${archive.version}&s=${schools.version}`
      : LAND_ONLY_URL;
    return {
      center: gridCenter(view),
      zoom: view.zoom,
      width: DRAWING.width,
      height: DRAWING.height,
      imageUrl,
      marks: marksFor(schools, view, favoriteIds),
    };
  } catch {
    return undefined;
  }
}

export interface DrawnImage {
  svg: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  /** Names the archive and the schools drawn, for the ETag and whether the URL may be kept for good. */
  archiveVersion: string | null;
  schoolsVersion: string;
}

/** Per database (a test process runs several apps), the drawn images by view and schools version. */
const keptByDb = new WeakMap<Db, Map<string, Promise<DrawnImage>>>();

function keep(db: Db, key: string, make: () => Promise<DrawnImage>): Promise<DrawnImage> {
  let kept = keptByDb.get(db);
  if (!kept) {
    kept = new Map();
    keptByDb.set(db, kept);
  }
  const found = kept.get(key);
  if (found) {
    // Least recently used goes first: a hit moves to the end.
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const image = make();
  kept.set(key, image);
  image.catch(() => kept.delete(key));
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_IMAGES) break;
    kept.delete(oldest);
  }
  return image;
}

const encode = (svg: string): Pick<DrawnImage, "svg" | "gzip"> => {
  const bytes = new TextEncoder().encode(svg);
  return { svg: bytes, gzip: Bun.gzipSync(bytes, { level: 9 }) };
};

/**
 * The basemap image of a grid view, with the current schools' marks making room for the
 * labels as they do on the live map; null for a view outside the archive's zooms. Without a
 * readable archive it is land colour only (and not kept).
 */
export async function drawnImage(
  deps: Omit<DrawnMapDeps, "basemapUrl">,
  view: GridView,
): Promise<DrawnImage | null> {
  const archive = await archiveOrNone(deps.root);
  const maxZoom = deepestZoom(archive);
  if (!isGridView(view, maxZoom)) return null;
  const schools = await schoolIndex(deps.db, maxZoom - 1);
  if (!archive) return { ...encode(landOnlySvg()), archiveVersion: null, schoolsVersion: schools.version };
  const key = `${deps.root ?? ""}|${view.zoom}/${view.gx}/${view.gy}|${schools.version}`;
  return keep(deps.db, key, async () => {
    const obstacles = markBoxes(marksFor(schools, view, []), archive.fontsDir);
    const svg = await drawBasemap(archive, view, obstacles).catch(() => landOnlySvg());
    return { ...encode(svg), archiveVersion: archive.version, schoolsVersion: schools.version };
  });
}
