import { checkinMessages } from "../../common/schemas/checkins";

export interface Position {
  latitude: number;
  longitude: number;
}

/** The browser could not (or would not) say where the member is: spec §8 'Location required'. */
export class LocationRequiredError extends Error {
  constructor() {
    super(checkinMessages.locationRequired);
  }
}

/** Spec §9: high accuracy, a 10 s timeout and no cached position. */
export const CHECKIN_GPS_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 0,
};

/** The device's position for a check-in; rejects with LocationRequiredError when unavailable. */
export function currentPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    const geo = typeof navigator === "undefined" ? undefined : navigator.geolocation;
    if (!geo) {
      reject(new LocationRequiredError());
      return;
    }
    geo.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => reject(new LocationRequiredError()),
      CHECKIN_GPS_OPTIONS,
    );
  });
}
