import { Elysia } from "elysia";
import { US_CENTER } from "../../../common/geo";
import { requestMeta } from "../../http/request-meta";
import { lookupIp } from "../geo/service";

/**
 * Spec §7 "Location": where the client's address is, from the offline IP database. The
 * address is the peer's, or the last X-Forwarded-For hop only when TRUST_PROXY is set.
 */
export function locationRoutes() {
  return new Elysia({ name: "location-routes" }).get("/api/location/ip", ({ request }) => {
    const found = lookupIp(requestMeta(request).ip);
    return (
      found ?? { latitude: US_CENTER.latitude, longitude: US_CENTER.longitude, city: null, region: null }
    );
  });
}
