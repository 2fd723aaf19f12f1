import { describe, expect, it } from "bun:test";
import { dayBit, type HomeQuery, type SchoolSummary } from "../../common/home";
import type { RuleFilterKey } from "../../common/schemas/visitor-rules";
import { ruleBit } from "../../common/visitor-rules";
import { cameraForSearch } from "./camera";
import { filterRows, filterTitle, hasFilters, type ListInput, listModel, narrowsToFew } from "./filters";
import type { HomeRow } from "./school-api";

const row = (id: number, days: number, lat = 30, lng = -97): HomeRow => ({
  id,
  lat,
  lng,
  name: `Gym ${id}`,
  days,
  rules: 0,
  summary: null,
});
const sat = dayBit.saturday;
const mon = dayBit.monday;
const pins = Array.from({ length: 20 }, (_, i) => row(i + 1, i % 2 ? sat : mon, 30 + i / 10));
const query = (patch: Partial<HomeQuery> = {}): HomeQuery => ({
  search: "",
  days: [],
  rules: [],
  saved: false,
  open: "any",
  school: null,
  ...patch,
});
const input = (patch: Partial<ListInput> = {}): ListInput => ({
  query: query(),
  signedIn: true,
  searchRows: undefined,
  searchTitle: null,
  pins,
  initial: pins.slice(0, 15),
  origin: null,
  nearby: undefined,
  favoriteIds: new Set([2, 3]),
  openIds: undefined,
  ...patch,
});

describe("filterRows", () => {
  it("applies days, saved and open together", () => {
    const filter = { days: ["saturday" as const], savedIds: new Set([2, 3, 4]), openIds: new Set([4, 5]) };
    expect(filterRows(pins, filter).map((r) => r.id)).toEqual([4]);
    expect(filterRows(pins, { days: [], savedIds: null, openIds: null })).toHaveLength(20);
  });

  it("keeps only rows with every chosen visitor rule", () => {
    const ruled = [
      { ...row(1, sat), rules: ruleBit.nogi | ruleBit.free },
      { ...row(2, sat), rules: ruleBit.nogi },
      { ...row(3, mon), rules: ruleBit.gi | ruleBit.nogi | ruleBit.free },
      row(4, sat),
    ];
    const only = (rules: RuleFilterKey[], days: ("saturday" | "monday")[] = []) =>
      filterRows(ruled, { days, rules, savedIds: null, openIds: null }).map((r) => r.id);
    expect(only([])).toEqual([1, 2, 3, 4]);
    expect(only(["nogi"])).toEqual([1, 2, 3]);
    expect(only(["nogi", "free"])).toEqual([1, 3]);
    expect(only(["gi", "free"])).toEqual([3]);
    expect(only(["nogi"], ["saturday"])).toEqual([1, 2]);
    expect(only(["women"])).toEqual([]);
    expect(hasFilters(query({ rules: ["free"] }), false)).toBe(true);
  });

  it("ignores 'saved' for guests", () => {
    expect(hasFilters(query({ saved: true }), false)).toBe(false);
    expect(hasFilters(query({ saved: true }), true)).toBe(true);
    expect(hasFilters(query({ open: "now" }), false)).toBe(true);
  });
});

describe("listModel", () => {
  it("lists the first 15 without a count on the unfiltered first view", () => {
    const model = listModel(input({ pins: undefined }));
    expect(model.listRows).toHaveLength(15);
    expect(model.count).toBeNull();
    expect(model.title).toBe("All Schools");
    expect(model.ready).toBe(true);
  });

  it("lists the nearest once the visitor is located, and waits for them", () => {
    const origin = { lat: 31, lng: -97 };
    expect(listModel(input({ origin })).ready).toBe(false);
    const nearby = [row(9, sat)];
    const model = listModel(input({ origin, nearby }));
    expect(model.listRows.map((r) => r.id)).toEqual([9]);
    expect(model.mapRows[0]?.id).toBe(11);
    expect(model.mapRows).toHaveLength(20);
  });

  it("lists every filtered school with a count, once the pins are here", () => {
    const days = query({ days: ["saturday"] });
    expect(listModel(input({ query: days, pins: undefined }))).toMatchObject({ count: null, ready: false });
    const model = listModel(input({ query: days }));
    expect(model.count).toBe(10);
    expect(model.listRows).toEqual(model.mapRows);
    const saved = listModel(input({ query: query({ saved: true }) }));
    expect(saved.listRows.map((r) => r.id)).toEqual([2, 3]);
  });

  it("lists every school with the chosen rules, with a count, once the pins are here", () => {
    const ruled = pins.map((p) => ({ ...p, rules: p.id % 3 === 0 ? ruleBit.women : 0 }));
    const women = query({ rules: ["women"] });
    const before = listModel(input({ query: women, pins: undefined, initial: ruled.slice(0, 15) }));
    expect(before).toMatchObject({ count: null, ready: false });
    expect(before.listRows.map((r) => r.id)).toEqual([3, 6, 9, 12, 15]);
    const model = listModel(input({ query: women, pins: ruled }));
    expect(model).toMatchObject({ count: 6, ready: true });
    expect(model.mapRows.map((r) => r.id)).toEqual([3, 6, 9, 12, 15, 18]);
  });

  it("waits for the open schools before counting", () => {
    const open = query({ open: "now" });
    expect(listModel(input({ query: open })).ready).toBe(false);
    expect(listModel(input({ query: open, openIds: new Set([1, 2]) }))).toMatchObject({
      count: 2,
      ready: true,
    });
  });

  it("titles a filtered list by what it shows and fills its rows' details (issue 23)", () => {
    expect(filterTitle(query({ open: "now" }), false)).toBe("Open Now");
    expect(filterTitle(query({ open: "today" }), true)).toBe("Open Today");
    expect(filterTitle(query({ saved: true }), true)).toBe("Saved Gyms");
    expect(filterTitle(query({ saved: true }), false)).toBe("All Schools");
    expect(filterTitle(query({ saved: true, open: "now" }), true)).toBe("Saved Gyms, Open Now");
    const summary = { id: 2, city: "Austin", state: "TX" } as SchoolSummary;
    const open = query({ open: "now" });
    const model = listModel(
      input({ query: open, openIds: new Set([1, 2]), summaries: new Map([[2, summary]]) }),
    );
    expect(model.title).toBe("Open Now");
    expect(model.listRows.map((r) => r.summary)).toEqual([null, summary]);
    expect(narrowsToFew(open, false)).toBe(true);
    expect(narrowsToFew(query({ days: ["monday"] }), true)).toBe(false);
    expect(narrowsToFew(query({ saved: true }), false)).toBe(false);
  });

  it("filters search results and titles them by place", () => {
    const searching = query({ search: "Austin", days: ["monday"] });
    expect(listModel(input({ query: searching })).ready).toBe(false);
    const model = listModel(
      input({ query: searching, searchRows: pins.slice(0, 4), searchTitle: "Austin, TX" }),
    );
    expect(model).toMatchObject({ count: 2, title: "Austin, TX", ready: true });
  });
});

describe("cameraForSearch", () => {
  const location = { label: "Austin, TX", latitude: 30.27, longitude: -97.74, kind: "city" };
  const schools = [{ latitude: 1, longitude: 2 }] as never;
  it("fits the results, with the searched place for a radius search", () => {
    expect(cameraForSearch({ strategy: "radius", location, schools })).toEqual({
      kind: "fit",
      points: [
        { lat: 30.27, lng: -97.74 },
        { lat: 1, lng: 2 },
      ],
    });
    expect(cameraForSearch({ strategy: "state", location, schools })).toEqual({
      kind: "fit",
      points: [{ lat: 1, lng: 2 }],
    });
  });

  it("shows a place without results at city zoom, and the US without a place", () => {
    expect(cameraForSearch({ strategy: "radius", location, schools: [] })).toEqual({
      kind: "point",
      lat: 30.27,
      lng: -97.74,
      zoom: 12,
    });
    expect(cameraForSearch({ strategy: "text", location: null, schools: [] })).toEqual({ kind: "us" });
  });
});
