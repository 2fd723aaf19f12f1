import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { loadGazetteer } from "./gazetteer";
import { createGeocoder, createOfflineGeocoder, type OfflineGeocoder } from "./geocoder";
import { ensureGeoData } from "./test-support";

/** What a Nominatim jsonv2 search answers for a street address. */
const CONGRESS_AVENUE = [
  {
    lat: "30.2747",
    lon: "-97.7404",
    display_name: "1100, Congress Avenue, Downtown, Austin, Travis County, Texas, 78701, United States",
    addresstype: "building",
    address: { city: "Austin", state: "Texas", "ISO3166-2-lvl4": "US-TX", postcode: "78701" },
  },
];
const STREET_QUERY = "1100 Congress Ave, Austin, TX 78701";

let offline: OfflineGeocoder;
const servers: Server<unknown>[] = [];
const requests: URL[] = [];
const userAgents: (string | null)[] = [];

/** A geocoder on 127.0.0.1 that answers `handler`; every request is recorded. */
function localGeocoder(handler: () => Response | Promise<Response>): string {
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      requests.push(new URL(request.url));
      userAgents.push(request.headers.get("user-agent"));
      return handler();
    },
  });
  servers.push(server);
  return new URL("/search", server.url).href;
}

let answering: string;
let empty: string;
let hanging: string;
let failing: string;
let notJson: string;

beforeAll(() => {
  ensureGeoData();
  offline = createOfflineGeocoder(loadGazetteer());
  answering = localGeocoder(() => Response.json(CONGRESS_AVENUE));
  empty = localGeocoder(() => Response.json([]));
  // Never answers: only the geocoder's own timeout ends the wait.
  hanging = localGeocoder(() => new Promise<Response>(() => {}));
  failing = localGeocoder(() => new Response("boom", { status: 500 }));
  notJson = localGeocoder(() => new Response("<html>maintenance</html>"));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop(true)));
});

describe("createGeocoder", () => {
  test("without a URL it answers from the offline data and never fetches", async () => {
    const fetch = (() => {
      throw new Error("no network expected");
    }) as unknown as typeof globalThis.fetch;
    const geocoder = createGeocoder({ offline, fetch });
    expect(await geocoder.geocode(STREET_QUERY)).toMatchObject({ label: "Austin, TX 78701", kind: "zip" });
    expect(await geocoder.geocode("Boise")).toMatchObject({ label: "Boise, ID" });
  });

  test("asks the remote geocoder first for a street address", async () => {
    const before = requests.length;
    const geocoder = createGeocoder({ offline, url: answering });
    const result = await geocoder.geocode(STREET_QUERY);
    expect(result).toEqual({
      latitude: 30.2747,
      longitude: -97.7404,
      city: "Austin",
      state: "TX",
      label: "1100, Congress Avenue, Downtown, Austin, Travis County, Texas, 78701",
      kind: "address",
    });
    const sent = requests.at(-1);
    expect(requests.length).toBe(before + 1);
    expect(sent?.pathname).toBe("/search");
    expect(Object.fromEntries(sent?.searchParams ?? [])).toMatchObject({
      q: STREET_QUERY,
      format: "jsonv2",
      countrycodes: "us",
      limit: "1",
    });
    expect(userAgents.at(-1)).toContain("OpenMat");
  });

  test("answers cities, ZIPs and states offline without asking", async () => {
    const before = requests.length;
    const geocoder = createGeocoder({ offline, url: answering });
    expect(await geocoder.geocode("Austin, TX")).toMatchObject({ label: "Austin, TX", kind: "city" });
    expect(await geocoder.geocode("78701")).toMatchObject({ kind: "zip" });
    expect(await geocoder.geocode("Texas")).toMatchObject({ kind: "state" });
    expect(requests.length).toBe(before);
  });

  test("asks the remote geocoder when the offline data knows nothing", async () => {
    const geocoder = createGeocoder({ offline, url: answering });
    expect(await geocoder.geocode("Texas State Capitol")).toMatchObject({ kind: "address", state: "TX" });
  });

  test("falls back to the offline data when the remote one times out", async () => {
    const errors: unknown[] = [];
    const geocoder = createGeocoder({
      offline,
      url: hanging,
      timeoutMs: 150,
      onRemoteError: (error) => errors.push(error),
    });
    const started = performance.now();
    expect(await geocoder.geocode(STREET_QUERY)).toMatchObject({ label: "Austin, TX 78701", kind: "zip" });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).name).toBe("TimeoutError");
  });

  test("falls back to the offline data on an HTTP error", async () => {
    const errors: unknown[] = [];
    const geocoder = createGeocoder({ offline, url: failing, onRemoteError: (error) => errors.push(error) });
    expect(await geocoder.geocode("1100 Congress Ave, Austin, TX")).toMatchObject({ label: "Austin, TX" });
    expect(String(errors[0])).toContain("500");
  });

  test("falls back to the offline data on an empty or unreadable answer", async () => {
    for (const url of [empty, notJson]) {
      const geocoder = createGeocoder({ offline, url });
      expect(await geocoder.geocode(STREET_QUERY)).toMatchObject({ label: "Austin, TX 78701" });
    }
  });

  test("falls back when nothing listens at the URL", async () => {
    const closed = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const url = new URL("/search", closed.url).href;
    await closed.stop(true);
    const geocoder = createGeocoder({ offline, url, timeoutMs: 1000 });
    expect(await geocoder.geocode(STREET_QUERY)).toMatchObject({ kind: "zip" });
  });

  test("gives null when neither knows the place", async () => {
    const geocoder = createGeocoder({ offline, url: empty });
    expect(await geocoder.geocode("asdfgh")).toBeNull();
    expect(await geocoder.geocode("   ")).toBeNull();
  });
});
