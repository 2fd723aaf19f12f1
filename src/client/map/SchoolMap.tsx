/**
 * The school map, in the browser only: the home island imports it lazily after the list
 * has painted, and no server code may import it (MapLibre needs WebGL and the DOM).
 * Everything it loads (tiles, glyphs, style, worker, CSS) comes from our own origin.
 */
import {
  AttributionControl,
  type GeoJSONSource,
  type MapGeoJSONFeature,
  Map as MapLibreMap,
  NavigationControl,
  Popup,
} from "maplibre-gl";
import { type RefObject, useEffect, useRef, useState } from "react";
import { BASEMAP_MAX_ZOOM } from "../../common/map-style/openmat-layers";
import { buildMapStyle, detectFlavor, type MapFlavor } from "../../common/map-style/style";
import { applyCamera, mapMaxZoom, startCamera, US_VIEW } from "./camera";
import { capPixelRatioOnSoftwareGl, foldAttribution } from "./map-chrome";
import { basemapArchive, prepareMapLibre } from "./maplibre-setup";
import {
  addPinImages,
  CLUSTER_LAYER,
  markPinsDrawn,
  PIN_LAYER,
  SCHOOLS_SOURCE,
  schoolLayers,
  schoolsGeoJson,
  schoolsSource,
} from "./pins";
import { RecenterControl } from "./recenter-control";

export interface MapSchool {
  id: number;
  lat: number;
  lng: number;
  name: string;
  favorite: boolean;
}

export interface SchoolMapProps {
  /** The same set the list shows; the pins follow it. */
  schools: MapSchool[];
  /** e.g. "/basemap/us.pmtiles" or BASEMAP_URL. */
  basemapUrl: string;
  camera:
    | { kind: "us" }
    | { kind: "point"; lat: number; lng: number; zoom: number }
    | { kind: "fit"; points: { lat: number; lng: number }[] };
  /** Change it to re-apply `camera`. */
  cameraKey: string | number;
  selected: { id: number; lat: number; lng: number } | null;
  /** The element the parent renders the popup card into (via a portal); shown at `selected`. */
  popup: HTMLElement | null;
  onPinClick(id: number): void;
  onPopupClose(): void;
  /** The first idle: every tile of the view drawn (also `data-map-ready`). */
  onReady?(): void;
  /**
   * The view the map starts at, where a drawing of it already shows (issue 23): the map opens
   * there, not at `camera`, unless the app moved the camera since `cameraKey` (then it flies
   * on from there, as any later move). `easeTo`, a cluster tapped on the drawing, eases in
   * as soon as the map can (a new object each tap).
   */
  start?: MapStart;
  /** The map's style has loaded: the popup shows on it, over a drawing. */
  onLoad?(): void;
  /** Its pins are drawn (also `data-pins-drawn`): they take taps now, and a drawing can stop taking them. */
  onPinsDrawn?(): void;
  /** It may replace the drawing: its first idle, or its first move if that comes sooner. */
  onShown?(): void;
}

export interface MapStart {
  center: { lng: number; lat: number };
  zoom: number;
  cameraKey: string | number;
  easeTo?: { lng: number; lat: number; zoom: number } | null;
}

const GLYPHS_PATH = "/basemap/fonts/{fontstack}/{range}.pbf";
const POPUP_MAX_WIDTH = "320px";
/** The popup points at the pin's head, not at its tip on the school's point. */
const POPUP_OFFSET = {
  top: [0, 0],
  "top-left": [0, 0],
  "top-right": [0, 0],
  bottom: [0, -34],
  "bottom-left": [0, -34],
  "bottom-right": [0, -34],
  left: [14, -18],
  right: [-14, -18],
  center: [0, -18],
} satisfies Record<string, [number, number]>;

/**
 * Which style fits the archive (read from its metadata, our own layers if that fails) and the
 * closest zoom it draws (from its header; our own basemap's when that fails).
 */
async function basemapOf(basemapUrl: string): Promise<{ flavor: MapFlavor; maxZoom: number }> {
  const archive = basemapArchive(basemapUrl);
  try {
    const [metadata, header] = await Promise.all([archive.getMetadata(), archive.getHeader()]);
    const layers = (metadata as { vector_layers?: { id: string }[] }).vector_layers ?? [];
    return { flavor: detectFlavor(layers.map((layer) => layer.id)), maxZoom: mapMaxZoom(header.maxZoom) };
  } catch (error) {
    console.error("basemap metadata", error);
    return { flavor: "openmat", maxZoom: mapMaxZoom(BASEMAP_MAX_ZOOM) };
  }
}

const featureAt = (
  map: MapLibreMap,
  layer: string,
  point: { x: number; y: number },
): MapGeoJSONFeature | undefined => map.queryRenderedFeatures([point.x, point.y], { layers: [layer] })[0];

/** Pin and cluster clicks, the pointer cursor over them, and closing the popup on an outside click. */
function wireInteractions(map: MapLibreMap, latest: RefObject<SchoolMapProps>) {
  map.on("click", (event) => {
    const pin = featureAt(map, PIN_LAYER, event.point);
    const cluster = pin ? undefined : featureAt(map, CLUSTER_LAYER, event.point);
    if (pin && typeof pin.properties.id === "number") latest.current.onPinClick(pin.properties.id);
    else if (cluster && cluster.geometry.type === "Point") {
      const [lng = 0, lat = 0] = cluster.geometry.coordinates;
      map
        .getSource<GeoJSONSource>(SCHOOLS_SOURCE)
        ?.getClusterExpansionZoom(Number(cluster.properties.cluster_id))
        .then((zoom) => map.easeTo({ center: [lng, lat], zoom }));
    } else if (latest.current.selected) latest.current.onPopupClose();
  });
  for (const layer of [PIN_LAYER, CLUSTER_LAYER]) {
    map.on("mouseenter", layer, () => {
      map.getCanvas().style.cursor = "pointer";
    });
    map.on("mouseleave", layer, () => {
      map.getCanvas().style.cursor = "";
    });
  }
}

export default function SchoolMap(props: SchoolMapProps) {
  const { basemapUrl, schools, cameraKey, selected, popup } = props;
  const container = useRef<HTMLElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const appliedCameraKey = useRef(cameraKey);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let created: MapLibreMap | undefined;
    const create = async () => {
      // The stylesheet and the archive's metadata load side by side, not one after the other.
      const [, { flavor, maxZoom }] = await Promise.all([prepareMapLibre(), basemapOf(basemapUrl)]);
      if (cancelled || !container.current) return;
      const glyphsUrl = `${location.origin}${GLYPHS_PATH}`;
      const start = latest.current.start;
      const instance = new MapLibreMap({
        container: container.current,
        style: buildMapStyle({ basemapUrl, glyphsUrl, flavor }),
        center: start ? [start.center.lng, start.center.lat] : US_VIEW.center,
        zoom: start?.zoom ?? US_VIEW.zoom,
        // No closer than the basemap draws: 'View on Map', a fit and the + button stop there.
        maxZoom,
        attributionControl: false,
        // Labels appear at once instead of fading in: a fade redraws the whole map every frame
        // for its 300 ms, on a phone's main thread, while the page is still starting.
        fadeDuration: 0,
      });
      created = instance;
      capPixelRatioOnSoftwareGl(instance);
      // Compact everywhere and folded at first: on a phone the expanded credits would cover the
      // pins. The (i) button opens them.
      const attribution = new AttributionControl({ compact: true });
      instance.addControl(attribution, "bottom-right");
      instance.addControl(new NavigationControl({ showCompass: false }), "top-right");
      instance.addControl(
        new RecenterControl("Recenter map", () => applyCamera(instance, latest.current.camera, true)),
        "top-right",
      );
      foldAttribution(instance);
      // At the style's load, not the map's: `load` waits for every basemap tile to be drawn, and
      // the pins' tiles would only start then. Here they load beside the basemap's.
      instance.once("style.load", () => {
        addPinImages(instance);
        sentSchools.current = latest.current.schools;
        instance.addSource(SCHOOLS_SOURCE, schoolsSource(latest.current.schools, maxZoom));
        for (const layer of schoolLayers) instance.addLayer(layer);
        if (container.current)
          markPinsDrawn(
            instance,
            container.current,
            () => latest.current.schools.length,
            () => {
              if (!cancelled) latest.current.onPinsDrawn?.();
            },
          );
        wireInteractions(instance, latest);
        // The zoom, where an end-to-end test can read it.
        const showZoom = () => container.current?.setAttribute("data-zoom", instance.getZoom().toFixed(2));
        instance.on("moveend", showZoom);
        showZoom();
        let shown = false;
        const show = () => {
          if (shown || cancelled) return;
          shown = true;
          latest.current.onShown?.();
        };
        instance.once("movestart", show);
        instance.once("idle", () => {
          if (cancelled) return;
          setReady(true);
          latest.current.onReady?.();
          show();
        });
        startCamera(instance, latest.current);
        appliedCameraKey.current = latest.current.cameraKey;
        setMap(instance);
        latest.current.onLoad?.();
      });
    };
    create().catch((error) => console.error("map", error));
    return () => {
      cancelled = true;
      created?.remove();
      setMap(null);
      setReady(false);
    };
  }, [basemapUrl]);

  // The source was made with the schools of its time: only a later set is sent again.
  const sentSchools = useRef<MapSchool[] | null>(null);
  useEffect(() => {
    if (!map || sentSchools.current === schools) return;
    sentSchools.current = schools;
    map.getSource<GeoJSONSource>(SCHOOLS_SOURCE)?.setData(schoolsGeoJson(schools));
  }, [map, schools]);

  // A cluster tapped on the drawing: the live map zooms into it, once it can.
  const easeTo = props.start?.easeTo;
  useEffect(() => {
    if (map && easeTo) map.easeTo({ center: [easeTo.lng, easeTo.lat], zoom: easeTo.zoom });
  }, [map, easeTo]);

  useEffect(() => {
    if (!map || appliedCameraKey.current === cameraKey) return;
    appliedCameraKey.current = cameraKey;
    applyCamera(map, latest.current.camera, true);
  }, [map, cameraKey]);

  const selectedId = selected?.id;
  const selectedLng = selected?.lng;
  const selectedLat = selected?.lat;
  useEffect(() => {
    if (!map || selectedId === undefined || selectedLng === undefined || selectedLat === undefined || !popup)
      return;
    let removedByUs = false;
    const card = new Popup({ maxWidth: POPUP_MAX_WIDTH, offset: POPUP_OFFSET, closeOnClick: false })
      .setLngLat([selectedLng, selectedLat])
      .setDOMContent(popup)
      .addTo(map);
    // Its close button: tell the parent, which owns `selected`. Not when we remove it ourselves.
    card.on("close", () => {
      if (!removedByUs) latest.current.onPopupClose();
    });
    return () => {
      removedByUs = true;
      card.remove();
    };
  }, [map, selectedId, selectedLng, selectedLat, popup]);

  return (
    // A labelled <section> is a region landmark: role "region", name "Map of open mats".
    <section
      ref={container}
      className="school-map"
      aria-label="Map of open mats"
      data-map-ready={ready ? "true" : undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape" && latest.current.selected) latest.current.onPopupClose();
      }}
      // Set through the DOM by React on the client, which `style-src 'self'` allows.
      style={{ width: "100%", height: "100%" }}
    />
  );
}
