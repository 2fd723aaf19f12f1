import { describe, expect, it } from "bun:test";
import type { HomeQuery } from "../../common/home";
import { type ListInput, listModel } from "./filters";
import { SchoolListItem } from "./SchoolListItem";
import type { HomeRow } from "./school-api";
import { withDom } from "./test-dom";
import { render } from "./test-render";

withDom();

/**
 * Issue 23: "Distances do not say from where; with location refused they are measured from
 * the middle of the country." A distance says from where, or is not shown.
 */
const row = (id: number, distance?: number): HomeRow => ({
  id,
  lat: 30 + id / 100,
  lng: -97,
  name: `Gym ${id}`,
  days: 0,
  rules: 0,
  summary: null,
  ...(distance === undefined ? {} : { distance }),
});
const query = (patch: Partial<HomeQuery> = {}): HomeQuery => ({
  search: "",
  days: [],
  rules: [],
  saved: false,
  open: "any",
  school: null,
  ...patch,
});
// The server's first rows: measured from the IP's place, or the middle of the country.
const initial = [row(1, 812.4), row(2, 815)];
const input = (patch: Partial<ListInput> = {}): ListInput => ({
  query: query(),
  signedIn: false,
  searchRows: undefined,
  searchTitle: null,
  pins: undefined,
  initial,
  origin: null,
  nearby: undefined,
  favoriteIds: new Set(),
  openIds: undefined,
  ...patch,
});

describe("where a list's distances are measured from", () => {
  it("the first rows, before or without the visitor's position (location refused): nowhere said", () => {
    expect(listModel(input()).distanceFrom).toBeNull();
    expect(listModel(input({ query: query({ days: ["monday"] }), pins: initial })).distanceFrom).toBeNull();
  });

  it("once the visitor is located: from your location", () => {
    const origin = { lat: 30.2, lng: -97.7 };
    expect(listModel(input({ origin, nearby: [row(3, 1.2)] })).distanceFrom).toBe("your location");
    expect(listModel(input({ origin, query: query({ days: ["monday"] }), pins: initial })).distanceFrom).toBe(
      "your location",
    );
  });

  it("a search: from the searched place, or nowhere when it found no place", () => {
    const searching = query({ search: "Austin" });
    const rows = [row(4, 3.1)];
    expect(
      listModel(input({ query: searching, searchRows: rows, searchTitle: "Austin, TX" })).distanceFrom,
    ).toBe("Austin, TX");
    expect(listModel(input({ query: searching, searchRows: rows })).distanceFrom).toBeNull();
  });
});

describe("a list row's distance", () => {
  const text = async (from: string | null) => {
    const view = await render(
      <ul>
        <SchoolListItem row={row(5, 812.4)} from={from} onOpen={() => undefined} />
      </ul>,
    );
    const shown = view.container.querySelector(".school-distance")?.textContent ?? null;
    await view.unmount();
    return shown;
  };

  it("says from where", async () => {
    expect(await text("your location")).toBe("812.4 mi from your location");
    expect(await text("Austin, TX")).toBe("812.4 mi from Austin, TX");
  });

  it("is not shown when nobody knows from where", async () => {
    expect(await text(null)).toBeNull();
  });
});
