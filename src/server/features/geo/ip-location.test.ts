import { beforeAll, describe, expect, test } from "bun:test";
import { type IpRangeTable, isPublicIpv4, locateIp, lookupIp, parseIpv4 } from "./ip-location";
import { ensureGeoData } from "./test-support";

beforeAll(ensureGeoData);

describe("parseIpv4", () => {
  test.each([
    ["8.8.8.8", 0x08080808],
    ["0.0.0.0", 0],
    ["255.255.255.255", 0xffffffff],
    [" 192.0.2.1 ", 0xc0000201],
    ["::ffff:8.8.4.4", 0x08080404],
  ])("%s", (ip, value) => {
    expect(parseIpv4(ip)).toBe(value);
  });

  test.each(["256.1.1.1", "1.2.3", "1.2.3.4.5", "a.b.c.d", "", "::1", "2001:4860:4860::8888", "1.2.3.-4"])(
    "%p is not IPv4",
    (ip) => {
      expect(parseIpv4(ip)).toBeNull();
    },
  );
});

describe("isPublicIpv4", () => {
  test.each([
    "10.1.2.3",
    "127.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.1.1",
    "100.64.0.1",
    "0.1.2.3",
    "224.0.0.1",
    "255.255.255.255",
    "198.51.100.7",
  ])("%s is not public", (ip) => {
    expect(isPublicIpv4(parseIpv4(ip) ?? 0)).toBe(false);
  });

  test.each(["8.8.8.8", "172.32.0.1", "100.128.0.1", "223.255.255.255"])("%s is public", (ip) => {
    expect(isPublicIpv4(parseIpv4(ip) ?? 0)).toBe(true);
  });
});

describe("locateIp", () => {
  const place = { latitude: 37.4, longitude: -122.1, city: "Mountain View", region: "CA" };
  const table: IpRangeTable = {
    starts: new Uint32Array([0, parseIpv4("8.8.8.0") ?? 0, parseIpv4("8.8.9.0") ?? 0]),
    placeNumbers: new Uint16Array([0, 1, 0]),
    places: [place],
  };

  test("finds the range an address falls in", () => {
    expect(locateIp(table, "8.8.8.0")).toEqual(place);
    expect(locateIp(table, "8.8.8.255")).toEqual(place);
    expect(locateIp(table, "8.8.7.255")).toBeNull();
    expect(locateIp(table, "8.8.9.0")).toBeNull();
  });

  test("never locates private, loopback or IPv6 addresses", () => {
    expect(locateIp({ ...table, placeNumbers: new Uint16Array([1, 1, 1]) }, "10.0.0.1")).toBeNull();
    expect(locateIp(table, "::1")).toBeNull();
  });
});

describe("lookupIp against the built data (IP2Location LITE, 2019)", () => {
  // Long-lived US allocations on which the data agrees with where their owners are.
  test.each([
    ["8.8.8.8", "Mountain View", "CA"], // Google Public DNS
    ["208.67.222.222", "San Francisco", "CA"], // OpenDNS
    ["17.0.0.1", "Cupertino", "CA"], // Apple
    ["128.101.101.101", "Minneapolis", "MN"], // University of Minnesota
    ["129.79.1.1", "Bloomington", "IN"], // Indiana University
  ])("%s is in %s, %s", (ip, city, region) => {
    expect(lookupIp(ip)).toMatchObject({ city, region });
    expect(lookupIp(`::ffff:${ip}`)).toMatchObject({ city, region });
  });

  test("the coordinates are those of the city", () => {
    const google = lookupIp("8.8.8.8");
    expect(google?.latitude).toBeCloseTo(37.41, 1);
    expect(google?.longitude).toBeCloseTo(-122.08, 1);
  });

  test("addresses outside the US have no location", () => {
    expect(lookupIp("81.2.69.142")).toBeNull(); // United Kingdom
    expect(lookupIp("202.12.27.33")).toBeNull(); // Japan
  });

  test("private, loopback and IPv6 addresses have no location", () => {
    for (const ip of ["127.0.0.1", "10.1.2.3", "192.168.1.1", "::1", "2001:4860:4860::8888", "nonsense"]) {
      expect(lookupIp(ip)).toBeNull();
    }
  });
});
