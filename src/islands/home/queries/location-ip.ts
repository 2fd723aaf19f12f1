import { apiRequest } from "../../lib/api";

interface IpLocation {
  latitude: number;
  longitude: number;
  city: string | null;
  region: string | null;
}

/** The visitor's rough position from their IP address, or null when the server cannot tell. */
export async function fetchIpLocation(): Promise<{ lat: number; lng: number } | null> {
  const found = await apiRequest<IpLocation>("GET", "/api/location/ip");
  // The server answers the US centre with no city or region when it does not know.
  if (found.city === null && found.region === null) return null;
  return { lat: found.latitude, lng: found.longitude };
}
