import { describe, expect, it } from "bun:test";
import { withDom } from "./test-dom";
import { homeProps } from "./test-render";
import { createHomeStore } from "./use-home-state";

withDom();

const props = homeProps;

describe("home store", () => {
  it("writes the query to the URL: push for filters, replace for dialogs", () => {
    const store = createHomeStore(props());
    const before = history.length;
    store.getState().actions.navigate({ days: ["sunday"] }, "push");
    expect(location.search).toBe("?days=sunday");
    expect(history.length).toBe(before + 1);
    store.getState().actions.navigate({ school: 4 }, "replace");
    expect(location.search).toBe("?days=sunday&school=4");
    expect(history.length).toBe(before + 1);
    expect(store.getState().query.school).toBe(4);
  });

  it("centres on the located visitor only when nothing else chose the view, then frames the nearest", () => {
    const store = createHomeStore(props());
    const { actions } = store.getState();
    actions.locate({ lat: 30, lng: -97 });
    expect(store.getState().camera).toEqual({ kind: "point", lat: 30, lng: -97, zoom: 12 });
    actions.frameNearby([{ lat: 30.1, lng: -97.1 }]);
    expect(store.getState().camera).toEqual({
      kind: "fit",
      points: [
        { lat: 30, lng: -97 },
        { lat: 30.1, lng: -97.1 },
      ],
    });
    expect(store.getState().cameraKey).toBe(2);

    const searched = createHomeStore(props({ query: { ...props().query, search: "Denver" } }));
    searched.getState().actions.locate({ lat: 30, lng: -97 });
    expect(searched.getState().camera).toEqual({ kind: "us" });
    expect(searched.getState().origin).toEqual({ lat: 30, lng: -97 });
  });
});
