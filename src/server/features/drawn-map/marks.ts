/**
 * The pins and clusters of a drawn view, clustered by the very code MapLibre clusters the
 * live map's pins with (@maplibre/geojson-vt's Supercluster, with the options MapLibre gives
 * it for client/map/pins.ts's source), so a cluster on the drawing is the cluster MapLibre
 * shows in its place. One index per schools version, shared by every request.
 */
import { type ClusterProperties, Supercluster } from "@maplibre/geojson-vt";
import type { DrawnMark } from "../../../common/drawn-map";
import type { Db } from "../../../db/client";
import { currentSchoolsVersion } from "../schools/service";
import { DRAWING, drawingOrigin, type GridView, project, unproject } from "./projection";
import { schoolPoints } from "./queries";

/** client/map/pins.ts: clusterRadius 44 px, clusters up to one zoom below the map's deepest. */
const CLUSTER_RADIUS = 44;
/** MapLibre's tile extent for GeoJSON sources, and their 512 px tiles. */
const EXTENT = 8192;
const TILE_SIZE = 512;

interface SchoolIndex {
  version: string;
  clusterMaxZoom: number;
  index: Supercluster;
  /** Per zoom, the cluster each clustered school is in: built when a viewer's saved gyms need it. */
  clusterOf: Map<number, Map<number, number>>;
}

const indexes = new WeakMap<Db, Map<number, Promise<SchoolIndex>>>();

async function buildIndex(db: Db, version: string, clusterMaxZoom: number): Promise<SchoolIndex> {
  const rows = await schoolPoints(db);
  const index = new Supercluster({
    maxZoom: clusterMaxZoom,
    minPoints: 2,
    extent: EXTENT,
    radius: CLUSTER_RADIUS * (EXTENT / TILE_SIZE),
    log: false,
    generateId: false,
  });
  index.load(
    rows.map((row) => ({
      type: "Feature" as const,
      properties: { id: row.id, name: row.name },
      geometry: { type: "Point" as const, coordinates: [row.lng, row.lat] },
    })),
  );
  return { version, clusterMaxZoom, index, clusterOf: new Map() };
}

/** The index of the current schools version; built once per version (a failed build is not kept). */
export async function schoolIndex(db: Db, clusterMaxZoom: number): Promise<SchoolIndex> {
  const version = await currentSchoolsVersion(db);
  let byZoom = indexes.get(db);
  if (!byZoom) {
    byZoom = new Map();
    indexes.set(db, byZoom);
  }
  const known = byZoom.get(clusterMaxZoom);
  if (known && (await known).version === version) return known;
  const building = buildIndex(db, version, clusterMaxZoom);
  byZoom.set(clusterMaxZoom, building);
  building.catch(() => {
    if (byZoom.get(clusterMaxZoom) === building) byZoom.delete(clusterMaxZoom);
  });
  return building;
}

function clusterOf(school: SchoolIndex, zoom: number): Map<number, number> {
  let map = school.clusterOf.get(zoom);
  if (map) return map;
  map = new Map();
  for (const feature of school.index.getClusters([-180, -90, 180, 90], zoom)) {
    const props = feature.properties as ClusterProperties | null;
    if (!props?.cluster) continue;
    for (const leaf of school.index.getLeaves(props.cluster_id, Number.POSITIVE_INFINITY)) {
      map.set(Number(leaf.properties?.id), props.cluster_id);
    }
  }
  school.clusterOf.set(zoom, map);
  return map;
}

const half = (v: number) => Math.round(v * 2) / 2;

/** The marks whose point is inside the drawing: clusters first, then pins, saved gyms' pins last (on top). */
export function marksFor(school: SchoolIndex, view: GridView, favoriteIds: readonly number[]): DrawnMark[] {
  const { left, top } = drawingOrigin(view);
  const southWest = unproject(left, top + DRAWING.height, view.zoom);
  const northEast = unproject(left + DRAWING.width, top, view.zoom);
  const features = school.index.getClusters(
    [southWest.lng, southWest.lat, northEast.lng, northEast.lat],
    view.zoom,
  );
  const favorites = new Set(favoriteIds);
  const favoritesIn = new Map<number, number>();
  if (favorites.size > 0 && view.zoom <= school.clusterMaxZoom) {
    const clusters = clusterOf(school, view.zoom);
    for (const id of favorites) {
      const cluster = clusters.get(id);
      if (cluster !== undefined) favoritesIn.set(cluster, (favoritesIn.get(cluster) ?? 0) + 1);
    }
  }
  const marks: DrawnMark[] = [];
  for (const feature of features) {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const point = project({ lng, lat }, view.zoom);
    const x = half(point.x - left);
    const y = half(point.y - top);
    if (x < 0 || y < 0 || x > DRAWING.width || y > DRAWING.height) continue;
    const props = feature.properties as (ClusterProperties | { id: number; name: string }) | null;
    if (!props) continue;
    if ("cluster" in props && props.cluster) {
      marks.push({
        kind: "cluster",
        x,
        y,
        count: props.point_count,
        favorites: favoritesIn.get(props.cluster_id) ?? 0,
        lng,
        lat,
        expansionZoom: school.index.getClusterExpansionZoom(props.cluster_id),
      });
    } else {
      const id = Number(props.id);
      marks.push({ kind: "pin", id, x, y, name: String(props.name), favorite: favorites.has(id) });
    }
  }
  const order = (mark: DrawnMark) => (mark.kind === "cluster" ? 0 : mark.favorite ? 2 : 1);
  return marks.sort((a, b) => order(a) - order(b));
}
