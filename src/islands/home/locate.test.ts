import { describe, expect, it } from "bun:test";
import { GPS_OPTIONS, type LocateDeps, locateVisitor } from "./locate";

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const austin = { lat: 30.27, lng: -97.74 };

function gps(answer: { ok: true } | { code: number }, seen: PositionOptions[] = []) {
  return {
    getCurrentPosition(ok: PositionCallback, fail?: PositionErrorCallback | null, options?: PositionOptions) {
      if (options) seen.push(options);
      if ("ok" in answer) ok({ coords: { latitude: 40, longitude: -75 } } as GeolocationPosition);
      else fail?.({ code: answer.code } as GeolocationPositionError);
    },
  };
}

const deps = (patch: Partial<LocateDeps>): LocateDeps & { ipCalls: number } => {
  const d = { geolocation: undefined, userAgent: chrome, ipCalls: 0, ...patch } as LocateDeps & {
    ipCalls: number;
  };
  const fetchIp = patch.fetchIp ?? (async () => austin);
  d.fetchIp = () => {
    d.ipCalls += 1;
    return fetchIp();
  };
  return d;
};

describe("locateVisitor", () => {
  it("uses GPS with the spec's options", async () => {
    const seen: PositionOptions[] = [];
    expect(await locateVisitor(deps({ geolocation: gps({ ok: true }, seen) }))).toEqual({
      kind: "gps",
      lat: 40,
      lng: -75,
    });
    expect(seen).toEqual([GPS_OPTIONS]);
  });

  it("stops at a denial, without the IP fallback", async () => {
    const d = deps({ geolocation: gps({ code: 1 }) });
    expect(await locateVisitor(d)).toEqual({ kind: "denied" });
    expect(d.ipCalls).toBe(0);
  });

  it.each([
    ["a timeout", { geolocation: gps({ code: 3 }) }],
    ["an unavailable position", { geolocation: gps({ code: 2 }) }],
    ["no geolocation", {}],
    ["an in-app browser", { geolocation: gps({ ok: true }), userAgent: `${chrome} Instagram 300.0` }],
  ])("falls back to the IP location after %s", async (_, patch) => {
    expect(await locateVisitor(deps(patch))).toEqual({ kind: "ip", ...austin });
  });

  it("gives up when the IP location is unknown or fails", async () => {
    expect(await locateVisitor(deps({ fetchIp: async () => null }))).toEqual({ kind: "unknown" });
    const failing = deps({ fetchIp: () => Promise.reject(new Error("offline")) });
    expect(await locateVisitor(failing)).toEqual({ kind: "unknown" });
  });
});
