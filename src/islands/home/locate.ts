import { isInAppBrowser } from "../../common/home-texts";

export type LocateOutcome =
  | { kind: "gps" | "ip"; lat: number; lng: number }
  | { kind: "denied" }
  | { kind: "unknown" };

export interface LocateDeps {
  geolocation: Pick<Geolocation, "getCurrentPosition"> | undefined;
  userAgent: string;
  fetchIp(): Promise<{ lat: number; lng: number } | null>;
}

/** Spec §9 "GPS timeout". */
export const GPS_OPTIONS: PositionOptions = { timeout: 10_000, maximumAge: 0, enableHighAccuracy: true };
const PERMISSION_DENIED = 1;

/**
 * Spec §4 "Location acquisition": GPS first; a denial is final (no IP fallback); any other
 * GPS error, no geolocation, or an in-app browser (whose GPS prompts misbehave) asks for the
 * IP location instead.
 */
export async function locateVisitor(deps: LocateDeps): Promise<LocateOutcome> {
  const { geolocation } = deps;
  if (geolocation && !isInAppBrowser(deps.userAgent)) {
    const gps = await new Promise<LocateOutcome | null>((resolve) =>
      geolocation.getCurrentPosition(
        (p) => resolve({ kind: "gps", lat: p.coords.latitude, lng: p.coords.longitude }),
        (error) => resolve(error.code === PERMISSION_DENIED ? { kind: "denied" } : null),
        GPS_OPTIONS,
      ),
    );
    if (gps) return gps;
  }
  try {
    const ip = await deps.fetchIp();
    return ip ? { kind: "ip", ...ip } : { kind: "unknown" };
  } catch {
    return { kind: "unknown" };
  }
}
