import { describe, expect, it } from "bun:test";
import { checkinMessages } from "../../common/schemas/checkins";
import {
  CHECKIN_ACCURACY_METERS,
  LocationRequiredError,
  WatchFailedError,
  watchCheckinPosition,
} from "./position";

type Fix = { latitude: number; longitude: number; accuracy: number };

/** A geolocation whose one watch the test drives; `cleared` says whether it was cleared. */
function fakeGeolocation(onStart?: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  const state = {
    ok: undefined as PositionCallback | undefined,
    fail: undefined as PositionErrorCallback | undefined,
    options: undefined as PositionOptions | undefined,
    started: 0,
    cleared: false,
  };
  const geolocation = {
    watchPosition(
      ok: PositionCallback,
      fail: PositionErrorCallback | null | undefined,
      options?: PositionOptions,
    ) {
      state.ok = ok;
      state.fail = fail ?? undefined;
      state.options = options;
      state.started++;
      onStart?.(ok, fail as PositionErrorCallback);
      return 41;
    },
    clearWatch(id: number) {
      expect(id).toBe(41);
      state.cleared = true;
    },
  };
  const fix = (f: Fix) => state.ok?.({ coords: f } as unknown as GeolocationPosition);
  const error = (code: number) => state.fail?.({ code, message: "x" } as GeolocationPositionError);
  return { geolocation, state, fix, error };
}

const near = (accuracy: number, latitude = 40): Fix => ({ latitude, longitude: -74, accuracy });
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (e: unknown) => e,
  );

describe("watchCheckinPosition", () => {
  it("watches with spec §9's options and takes the first fix precise enough, then stops", async () => {
    const fake = fakeGeolocation();
    const watched = watchCheckinPosition({ geolocation: fake.geolocation });
    expect(fake.state.options).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
    fake.fix(near(400, 41));
    fake.fix(near(CHECKIN_ACCURACY_METERS + 1, 42));
    expect(fake.state.cleared).toBe(false);
    fake.fix(near(CHECKIN_ACCURACY_METERS, 43));
    fake.fix(near(1, 44));
    expect(await watched).toEqual({ latitude: 43, longitude: -74 });
    expect(fake.state.cleared).toBe(true);
  });

  it("sends the most precise fix it has when no fix is precise enough in time", async () => {
    const fake = fakeGeolocation();
    const watched = watchCheckinPosition({ geolocation: fake.geolocation, limitMs: 20 });
    fake.fix(near(300, 41));
    fake.fix(near(90, 42));
    fake.fix(near(Number.NaN, 43));
    fake.fix(near(150, 44));
    expect(await watched).toEqual({ latitude: 42, longitude: -74 });
    expect(fake.state.cleared).toBe(true);
  });

  it("a failure after a fix sends that fix; before any fix it is 'Unable to watch location'", async () => {
    const after = fakeGeolocation();
    const sent = watchCheckinPosition({ geolocation: after.geolocation });
    after.fix(near(200, 45));
    after.error(3);
    expect(await sent).toEqual({ latitude: 45, longitude: -74 });

    const before = fakeGeolocation();
    const failed = watchCheckinPosition({ geolocation: before.geolocation });
    before.error(2);
    const error = await reasonOf(failed);
    expect(error).toBeInstanceOf(WatchFailedError);
    expect((error as Error).message).toBe(checkinMessages.watchFailed);
    expect(before.state.cleared).toBe(true);
  });

  it("a watch that says nothing in time fails as 'Unable to watch location'", async () => {
    const fake = fakeGeolocation();
    expect(
      await reasonOf(watchCheckinPosition({ geolocation: fake.geolocation, limitMs: 10 })),
    ).toBeInstanceOf(WatchFailedError);
    expect(fake.state.cleared).toBe(true);
  });

  it("a denial is 'Location required'", async () => {
    const fake = fakeGeolocation();
    const denied = watchCheckinPosition({ geolocation: fake.geolocation });
    fake.fix(near(500));
    fake.error(1);
    expect(await reasonOf(denied)).toBeInstanceOf(LocationRequiredError);
    expect(fake.state.cleared).toBe(true);
  });

  it("stops when its signal aborts, and does not start when it already has", async () => {
    const fake = fakeGeolocation();
    const controller = new AbortController();
    const watched = watchCheckinPosition({ geolocation: fake.geolocation, signal: controller.signal });
    fake.fix(near(500));
    controller.abort();
    expect((await reasonOf(watched)) as Error).toHaveProperty("name", "AbortError");
    expect(fake.state.cleared).toBe(true);

    const idle = fakeGeolocation();
    expect(
      await reasonOf(watchCheckinPosition({ geolocation: idle.geolocation, signal: controller.signal })),
    ).toHaveProperty("name", "AbortError");
    expect(idle.state.started).toBe(0);
  });

  it("clears a watch whose first report came before watchPosition returned", async () => {
    const fake = fakeGeolocation((ok) => ok({ coords: near(5, 46) } as unknown as GeolocationPosition));
    expect(await watchCheckinPosition({ geolocation: fake.geolocation })).toEqual({
      latitude: 46,
      longitude: -74,
    });
    expect(fake.state.cleared).toBe(true);
  });
});
