import { describe, expect, it } from "bun:test";
import { RATE_LIMIT_FALLBACK } from "../../common/rate-limit-body";
import { type SearchData, SearchLimitError } from "./queries/search";
import { keptSearch } from "./use-home-data";

const austin: SearchData = {
  strategy: "radius",
  location: { label: "Austin, TX", latitude: 30.27, longitude: -97.74, kind: "city" },
  schools: [],
};

describe("keptSearch (issue 23)", () => {
  it("keeps the previous results when the daily limit refuses a search", () => {
    const refused = { isError: true, error: new SearchLimitError({ ...RATE_LIMIT_FALLBACK }) };
    expect(keptSearch(refused, austin)).toEqual({ data: austin, failed: false });
    // Nothing was found before: the list is empty, as after any failure.
    expect(keptSearch(refused, undefined)).toEqual({ data: undefined, failed: true });
  });

  it("shows another failure as an empty result, and a result as itself", () => {
    expect(keptSearch({ isError: true, error: new Error("500") }, austin)).toEqual({
      data: undefined,
      failed: true,
    });
    expect(keptSearch({ isError: false, error: null }, austin)).toEqual({ data: undefined, failed: false });
    expect(keptSearch({ data: austin, isError: false, error: null }, undefined).data).toBe(austin);
  });
});
