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

/** The position watch failed before it gave any fix: spec §8 'Unable to watch location'. */
export class WatchFailedError extends Error {
  constructor() {
    super(checkinMessages.watchFailed);
  }
}

/**
 * Spec §4's watch mode with §9's options: high accuracy, the 10 s GPS timeout, and the watch
 * mode's 5-minute maximum age (a fix the phone took a moment ago, at the door, is as good).
 */
export const CHECKIN_WATCH_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
};

/**
 * A fix this precise can be judged against 200 ft (61 m): the first such fix ends the watch.
 * A coarser one (a phone's first Wi-Fi guess can be off by hundreds of metres) would fail a
 * member who stands at the gym, so the watch waits for a better one.
 */
export const CHECKIN_ACCURACY_METERS = 50;

/** How long the watch waits for a precise fix before it sends the best one it has. */
export const CHECKIN_WATCH_LIMIT_MS = 20_000;

const PERMISSION_DENIED = 1;

export interface WatchOptions {
  /** Aborted when the button goes away: the watch stops and the promise rejects with the reason. */
  signal?: AbortSignal;
  geolocation?: Pick<Geolocation, "watchPosition" | "clearWatch">;
  limitMs?: number;
}

/**
 * The device's position for a check-in, from navigator.geolocation.watchPosition: the first
 * fix within CHECKIN_ACCURACY_METERS, or after `limitMs` the most precise one so far (the
 * server judges the distance either way). The watch is cleared as soon as it settles.
 * Rejects with LocationRequiredError when there is no geolocation or permission is denied,
 * and with WatchFailedError when the watch fails (or gives nothing in time) before any fix;
 * an error after a fix sends that fix.
 */
export function watchCheckinPosition(options: WatchOptions = {}): Promise<Position> {
  const geo = options.geolocation ?? (typeof navigator === "undefined" ? undefined : navigator.geolocation);
  const { signal, limitMs = CHECKIN_WATCH_LIMIT_MS } = options;
  return new Promise((resolve, reject) => {
    if (!geo) {
      reject(new LocationRequiredError());
      return;
    }
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let best: { position: Position; accuracy: number } | null = null;
    let watchId: number | null = null;
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      if (watchId !== null) geo.clearWatch(watchId);
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      finish();
    };
    const onAbort = () => settle(() => reject(signal?.reason));
    const sendBest = () =>
      settle(() => {
        if (best) resolve(best.position);
        else reject(new WatchFailedError());
      });
    const timer = setTimeout(sendBest, limitMs);
    signal?.addEventListener("abort", onAbort);
    watchId = geo.watchPosition(
      ({ coords }) => {
        // A fix without a usable accuracy is kept, but only as a last resort.
        const accuracy = Number.isFinite(coords.accuracy) ? coords.accuracy : Number.POSITIVE_INFINITY;
        const position = { latitude: coords.latitude, longitude: coords.longitude };
        if (!best || accuracy <= best.accuracy) best = { position, accuracy };
        if (accuracy <= CHECKIN_ACCURACY_METERS) settle(() => resolve(position));
      },
      (error) => {
        if (error.code === PERMISSION_DENIED) settle(() => reject(new LocationRequiredError()));
        else sendBest();
      },
      CHECKIN_WATCH_OPTIONS,
    );
    // A fix (or an error) delivered during watchPosition itself settled before the id was known.
    if (settled) geo.clearWatch(watchId);
  });
}
