import { useEffect, useRef } from "react";
import { showToast } from "../../client/toast";
import { homeTexts } from "../../common/home-texts";
import { locateVisitor } from "./locate";
import { fetchIpLocation } from "./queries/location-ip";
import { useHomeActions } from "./use-home-state";

/**
 * Asks once where the visitor is, when `enabled` first becomes true. The position only
 * matters without a search (nearest schools, map start), so a searched page does not prompt
 * for it, and its search-limit toast is not replaced by a location toast (one toast at a time).
 */
export function useVisitorLocation(enabled: boolean) {
  const actions = useHomeActions();
  const started = useRef(false);

  useEffect(() => {
    if (!enabled || started.current) return;
    started.current = true;
    locateVisitor({
      geolocation: navigator.geolocation,
      userAgent: navigator.userAgent,
      fetchIp: fetchIpLocation,
    })
      .then((outcome) => {
        if (outcome.kind === "denied") {
          showToast({
            title: "Location",
            description: homeTexts.locationDenied,
            variant: "destructive",
            unlessShowing: true,
          });
        } else if (outcome.kind === "unknown") {
          showToast({ title: "Location", description: homeTexts.locationUnknown, unlessShowing: true });
        } else {
          actions.locate({ lat: outcome.lat, lng: outcome.lng });
        }
      })
      .catch((error) => console.error("location", error));
  }, [enabled, actions]);
}
