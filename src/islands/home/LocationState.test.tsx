import { describe, expect, it } from "bun:test";
import { homeTexts } from "../../common/home-texts";
import { LocationState } from "./LocationState";
import { withDom } from "./test-dom";
import { click, homeProps, render, wait } from "./test-render";
import { createHomeStore, HomeStoreContext } from "./use-home-state";
import { type LocationStatus, locationLine, useVisitorLocation } from "./use-location";

withDom();

function Probe() {
  const status = useVisitorLocation(true);
  return <LocationState status={status} onHelp={() => {}} />;
}

/** Issue 23: the location's state is shown in place, with the spec's words for a refusal. */
describe("locationLine", () => {
  it.each<[LocationStatus, string | null, boolean]>([
    ["idle", null, false],
    ["locating", "Finding your location…", false],
    ["gps", "Using your location", false],
    ["ip", "Using your approximate location", true],
    ["denied", "Location permission denied. Please allow location access to use this feature.", true],
    ["unknown", "Unable to determine location. Please browse the map manually.", true],
  ])("%p", (status, text, help) => {
    const line = locationLine(status);
    expect(line?.text ?? null).toBe(text);
    expect(line?.help ?? false).toBe(help);
  });
});

describe("LocationState", () => {
  it("says a refusal in place, as a polite status, with the location help beside it", async () => {
    let helped = 0;
    const view = await render(<LocationState status="denied" onHelp={() => helped++} />);
    const status = view.container.querySelector('[role="status"]');
    expect(status?.textContent).toBe(homeTexts.locationDenied);
    const help = view.container.querySelector("button");
    expect(help?.textContent).toBe("Location help");
    await click(help as Element);
    expect(helped).toBe(1);
    await view.unmount();
  });

  it("keeps its line, empty, before anything is asked", async () => {
    const view = await render(<LocationState status="idle" onHelp={() => {}} />);
    expect(view.container.querySelector(".location-state")).not.toBeNull();
    expect(view.container.textContent).toBe("");
    await view.unmount();
  });
});

describe("useVisitorLocation", () => {
  const props = homeProps();

  it("a refused prompt ends as 'denied' in place: no toast, and no position", async () => {
    const geolocation = {
      getCurrentPosition: (_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
        setTimeout(() => fail?.({ code: 1 } as GeolocationPositionError), 20),
    };
    Object.defineProperty(navigator, "geolocation", { value: geolocation, configurable: true });
    const store = createHomeStore(props);
    const view = await render(
      <HomeStoreContext.Provider value={store}>
        <Probe />
      </HomeStoreContext.Provider>,
    );
    expect(view.container.textContent).toBe(homeTexts.locating);
    await wait(60);
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe(homeTexts.locationDenied);
    expect(document.querySelector("#toasts")?.textContent ?? "").toBe("");
    expect(store.getState().origin).toBeNull();
    await view.unmount();
  });
});
