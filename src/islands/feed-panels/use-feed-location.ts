import { useEffect, useState } from "react";
import { locateVisitor } from "../home/locate";
import { apiRequest } from "../lib/api";
import type { LocationState } from "./LocationStatus";

interface IpLocation {
  latitude: number;
  longitude: number;
  city: string | null;
  region: string | null;
}

/**
 * Spec §4 "Location acquisition" for the feed's status panel: asked once on load (GPS, else
 * the IP's rough place, never after a denial). Starts as 'loading' on the server and in the
 * browser alike, so hydration agrees.
 */
export function useFeedLocation(): LocationState {
  const [state, setState] = useState<LocationState>({ kind: "loading" });
  useEffect(() => {
    let place: Pick<IpLocation, "city" | "region"> | null = null;
    let live = true;
    locateVisitor({
      geolocation: navigator.geolocation,
      userAgent: navigator.userAgent,
      fetchIp: async () => {
        const found = await apiRequest<IpLocation>("GET", "/api/location/ip");
        // The server answers the US centre with no city or region when it does not know.
        if (found.city === null && found.region === null) return null;
        place = found;
        return { lat: found.latitude, lng: found.longitude };
      },
    })
      .then((outcome) => {
        if (!live) return;
        if (outcome.kind === "gps") setState({ kind: "gps" });
        else if (outcome.kind === "ip") setState({ kind: "ip", city: place?.city, region: place?.region });
        else if (outcome.kind === "denied") setState({ kind: "denied" });
        else setState({ kind: "error" });
      })
      .catch(() => live && setState({ kind: "error" }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
