import { useEffect, useRef, useState } from "react";
import { homeTexts } from "../../common/home-texts";
import { locateVisitor } from "./locate";
import { fetchIpLocation } from "./queries/location-ip";
import { useHomeActions } from "./use-home-state";

/**
 * Where finding the visitor stands: not asked (a searched page), asking, found by GPS or by
 * IP, refused, or not found.
 */
export type LocationStatus = "idle" | "locating" | "gps" | "ip" | "denied" | "unknown";

/**
 * The line that shows the status in place (issue 23: no toast on the first visit). A refusal
 * and a failure keep the spec's texts (§8) and offer the location help; `help` says so.
 */
export function locationLine(status: LocationStatus): { text: string; help: boolean } | null {
  switch (status) {
    case "idle":
      return null;
    case "locating":
      return { text: homeTexts.locating, help: false };
    case "gps":
      return { text: homeTexts.locatedGps, help: false };
    case "ip":
      return { text: homeTexts.locatedIp, help: true };
    case "denied":
      return { text: homeTexts.locationDenied, help: true };
    case "unknown":
      return { text: homeTexts.locationUnknown, help: true };
  }
}

/**
 * Asks once where the visitor is, when `enabled` first becomes true, and returns how that
 * stands. The position only matters without a search (nearest schools, map start), so a
 * searched page does not prompt for it.
 */
export function useVisitorLocation(enabled: boolean): LocationStatus {
  const actions = useHomeActions();
  const started = useRef(false);
  const [status, setStatus] = useState<LocationStatus>("idle");

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    setStatus("locating");
    locateVisitor({
      geolocation: navigator.geolocation,
      userAgent: navigator.userAgent,
      fetchIp: fetchIpLocation,
    })
      .then((outcome) => {
        setStatus(outcome.kind);
        if (outcome.kind === "gps" || outcome.kind === "ip")
          actions.locate({ lat: outcome.lat, lng: outcome.lng });
      })
      .catch((error) => {
        console.error("location", error);
        setStatus("unknown");
      });
  }, [enabled, actions]);

  return status;
}
