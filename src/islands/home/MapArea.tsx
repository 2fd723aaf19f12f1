import { type ComponentType, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { whenIdleAfterLoad } from "../../client/idle";
import type { MapStart, SchoolMapProps } from "../../client/map/SchoolMap";
import type { DrawnMapView } from "../../common/drawn-map";
import { type HomeQuery, homeQueryString } from "../../common/home";
import { type DrawnCluster, DrawnMap, type LiveMapStage } from "./DrawnMap";
import { hasFilters } from "./filters";
import { warmPins } from "./queries/pins";
import { useHome } from "./use-home-state";
import { whenReachedForMap, whenReadyForMap } from "./when-ready-for-map";

type MapAreaProps = Omit<SchoolMapProps, "popup" | "start" | "onLoad" | "onPinsDrawn" | "onShown"> & {
  popupContent: ReactNode;
  /** The first view drawn by the server; without it, the map loads as soon as the page is idle. */
  drawnMap?: DrawnMapView;
  /** The live map is wanted (it starts now): what only it needs, such as every pin, may load. */
  onWanted?(): void;
};

/** What the map shows, apart from the details dialog's `school`. */
const shownSet = (query: HomeQuery) => homeQueryString({ ...query, school: null });
/**
 * The server draws every school (issue 23), so under a search or a filter only the drawn pins
 * of schools shown now stay, and no cluster, whose count would be wrong. ('Saved Gyms' counts
 * as a filter even for a guest, for whom it filters nothing: then clusters hide for nothing.)
 */
const everySchool = (query: HomeQuery) => query.search === "" && !hasFilters(query, true);

/**
 * A fixed-size box for the map, so nothing shifts when it arrives. The map code (MapLibre,
 * hundreds of KB) is not in the island's initial JS: the page prefetches it (fetched, not
 * compiled, while the page starts), and the island imports it only when it is wanted.
 *
 * With a drawn first view (issue 23), the drawing shows from the first HTML, and MapLibre
 * starts when the visitor reaches for the map (see whenReachedForMap; a pin or cluster tap, a
 * camera move the app asks for, or a filter or search changing what is shown) or at once on a
 * desktop with a mouse. It opens at the drawing's view beneath it, and the drawing goes once
 * the map has drawn that view (or moves). Without one, the map loads in the first idle moment
 * after the list has hydrated (see whenReadyForMap).
 */
export function MapArea({ popupContent, drawnMap, onWanted, ...mapProps }: MapAreaProps) {
  const { camera, cameraKey, schools, onPinClick } = mapProps;
  const [SchoolMap, setSchoolMap] = useState<ComponentType<SchoolMapProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const [popup, setPopup] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const onWantedRef = useRef(onWanted);
  onWantedRef.current = onWanted;
  const box = useRef<HTMLDivElement>(null);

  // The drawing: shown until the live map has drawn its view; the set and camera it was drawn for.
  const [drawing, setDrawing] = useState(drawnMap !== undefined);
  const [stage, setStage] = useState<LiveMapStage>("none");
  const query = useHome((s) => s.query);
  const [firstSet] = useState(() => shownSet(query));
  const setChanged = shownSet(query) !== firstSet;
  const [firstCamera] = useState(() => JSON.stringify(camera));
  const [drawnCameraKey, setDrawnCameraKey] = useState(cameraKey);
  const [cluster, setCluster] = useState<DrawnCluster | null>(null);
  const [pendingPin, setPendingPin] = useState<number | null>(null);
  const shown = useMemo(() => new Map(schools.map((s) => [s.id, s.favorite])), [schools]);

  useEffect(() => {
    const host = document.createElement("div");
    host.className = "popup-host";
    setPopup(host);
    if (!drawnMap) return whenReadyForMap(() => setWanted(true));
    // The live map's pins are fetched and decoded once the page is idle, so a touch waits
    // only for MapLibre (issue 23's 1.5 s at 4x CPU).
    const warming = whenIdleAfterLoad(warmPins);
    if (!box.current) return warming;
    const reached = whenReachedForMap(box.current, () => setWanted(true));
    return () => {
      warming();
      reached();
    };
  }, [drawnMap]);

  useEffect(() => {
    if (!wanted) return;
    onWantedRef.current?.();
    let cancelled = false;
    import("../../client/map/SchoolMap")
      .then((module) => {
        if (!cancelled) setSchoolMap(() => module.default);
      })
      .catch((error) => {
        console.error("map", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  // A camera move the app asks for starts the map; one that settles on the drawn view (the
  // island's own first effects) does not. A change in what is shown starts it too.
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) return;
    if (JSON.stringify(camera) === firstCamera) setDrawnCameraKey(cameraKey);
    else {
      moved.current = true;
      setWanted(true);
    }
  }, [camera, cameraKey, firstCamera]);
  useEffect(() => {
    if (setChanged) setWanted(true);
  }, [setChanged]);

  // A pin tapped before the schools it names arrived (the list's first rows only) opens when they do.
  useEffect(() => {
    if (pendingPin === null || !shown.has(pendingPin)) return;
    setPendingPin(null);
    onPinClick(pendingPin);
  }, [pendingPin, shown, onPinClick]);

  // Once the live map takes input, focus on a drawn mark moves to it, not to the page's start.
  const drawn = stage === "drawn";
  useEffect(() => {
    if (!drawn || !box.current?.querySelector(".drawn-map")?.contains(document.activeElement)) return;
    box.current.querySelector<HTMLElement>(".school-map canvas")?.focus();
  }, [drawn]);

  // Popup's host element: in the drawing's card until the live map shows the card itself.
  const [cardSlot, setCardSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (cardSlot && popup) cardSlot.append(popup);
  }, [cardSlot, popup]);

  const start: MapStart | undefined = drawnMap && {
    center: drawnMap.center,
    zoom: drawnMap.zoom,
    cameraKey: drawnCameraKey,
    easeTo: cluster && { lng: cluster.lng, lat: cluster.lat, zoom: cluster.expansionZoom },
  };
  // "The whole US" is, on this page, the view the server drew for it.
  const liveCamera: SchoolMapProps["camera"] =
    drawnMap && camera.kind === "us" && firstCamera === JSON.stringify(camera)
      ? { kind: "point", lat: drawnMap.center.lat, lng: drawnMap.center.lng, zoom: drawnMap.zoom }
      : camera;

  return (
    // SchoolMap is itself the labelled map region (the drawing is, until it mounts); this box only holds its size.
    <div className="home-map" ref={box}>
      {SchoolMap && (
        <SchoolMap
          {...mapProps}
          camera={liveCamera}
          popup={popup}
          start={start}
          onLoad={() => setStage((now) => (now === "drawn" ? now : "loaded"))}
          onPinsDrawn={() => setStage("drawn")}
          onShown={() => setDrawing(false)}
        />
      )}
      {drawnMap && drawing && (
        <DrawnMap
          view={drawnMap}
          shown={shown}
          onlyShown={!everySchool(query)}
          live={SchoolMap && stage === "none" ? "mounted" : stage}
          selectedId={mapProps.selected?.id ?? null}
          cardSlot={setCardSlot}
          onPin={(id) => {
            setWanted(true);
            onPinClick(id);
            if (!shown.has(id)) setPendingPin(id);
          }}
          onCluster={(tapped) => {
            setCluster(tapped);
            setWanted(true);
          }}
          onClose={mapProps.onPopupClose}
        />
      )}
      {(failed || (!SchoolMap && !drawnMap)) && (
        <p className="home-map-status">{failed ? "The map could not be loaded." : "Loading map…"}</p>
      )}
      {popup && popupContent ? createPortal(popupContent, popup) : null}
    </div>
  );
}
