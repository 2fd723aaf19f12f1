import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { SchoolMapProps } from "../../client/map/SchoolMap";
import { whenReadyForMap } from "./when-ready-for-map";

type MapAreaProps = Omit<SchoolMapProps, "popup"> & { popupContent: ReactNode };

/**
 * A fixed-size box for the map, so nothing shifts when it arrives. The map code (MapLibre,
 * hundreds of KB) is not in the island's initial JS: the page modulepreloads it, so it
 * downloads beside the island, and it is evaluated in the first idle moment after the list
 * has hydrated (see whenReadyForMap), never in the way of the first render.
 */
export function MapArea({ popupContent, ...mapProps }: MapAreaProps) {
  const [SchoolMap, setSchoolMap] = useState<ComponentType<SchoolMapProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const [popup, setPopup] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const host = document.createElement("div");
    host.className = "popup-host";
    setPopup(host);
    let cancelled = false;
    const stop = whenReadyForMap(() => {
      import("../../client/map/SchoolMap")
        .then((module) => {
          if (!cancelled) setSchoolMap(() => module.default);
        })
        .catch((error) => {
          console.error("map", error);
          if (!cancelled) setFailed(true);
        });
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, []);

  return (
    // SchoolMap is itself the labelled map region; this box only holds its size.
    <div className="home-map">
      {SchoolMap ? (
        <SchoolMap {...mapProps} popup={popup} />
      ) : (
        <p className="home-map-status">{failed ? "The map could not be loaded." : "Loading map…"}</p>
      )}
      {popup && popupContent ? createPortal(popupContent, popup) : null}
    </div>
  );
}
