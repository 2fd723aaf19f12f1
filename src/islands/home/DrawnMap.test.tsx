import { describe, expect, it, mock } from "bun:test";
import { act } from "react";
import { PIN_OUTLINE } from "../../client/map/pin-shape";
import type { DrawnMapView } from "../../common/drawn-map";
import { PALETTE } from "../../common/map-style/palette";
import { DrawnMap, type DrawnMapProps, MAP_LABEL } from "./DrawnMap";
import { expectAxeClean } from "./test-axe";
import { withDom } from "./test-dom";
import { click, press, render } from "./test-render";

withDom();

/** A hand-made view: any SVG does for the image. */
const view: DrawnMapView = {
  center: { lng: -97.74, lat: 30.27 },
  zoom: 10,
  width: 1024,
  height: 1536,
  imageUrl: "/basemap/drawn/10/abc.svg",
  marks: [
    { kind: "cluster", x: 300, y: 400, count: 1234, favorites: 0, lng: -98, lat: 31, expansionZoom: 7 },
    { kind: "cluster", x: 700, y: 900, count: 12, favorites: 2, lng: -97, lat: 30, expansionZoom: 11 },
    { kind: "pin", id: 7, x: 512, y: 768, name: "Austin Grappling", favorite: false },
    { kind: "pin", id: 8, x: 520, y: 700, name: "Saved Jiu-Jitsu", favorite: true },
    { kind: "pin", id: 9, x: 100, y: 1400, name: "South Mats", favorite: false },
  ],
};

function props(overrides: Partial<DrawnMapProps> = {}): DrawnMapProps {
  return {
    view,
    shown: new Map(),
    onlyShown: false,
    live: "none",
    selectedId: null,
    cardSlot: () => {},
    onPin: mock(() => {}),
    onCluster: mock(() => {}),
    onClose: mock(() => {}),
    ...overrides,
  };
}

const pinLink = (root: Element, name: string) =>
  root.querySelector(`a[aria-label="${name}"]`) as SVGAElement | null;
const pinFill = (link: Element | null) => link?.querySelector("path")?.getAttribute("fill");

describe("DrawnMap", () => {
  it("in the server's HTML: the labelled map region, the image unscaled at its size, pins as links, clusters as pictures", async () => {
    const { renderToString } = await import("react-dom/server");
    const html = renderToString(<DrawnMap {...props()} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const region = doc.querySelector("section.drawn-map");
    expect(region?.getAttribute("aria-label")).toBe(MAP_LABEL);
    const img = doc.querySelector("img.drawn-map-image");
    expect(img?.getAttribute("src")).toBe(view.imageUrl);
    expect([img?.getAttribute("width"), img?.getAttribute("height")]).toEqual(["1024", "1536"]);
    expect(img?.getAttribute("alt")).toBe("");
    const svg = doc.querySelector("svg.drawn-map-marks");
    expect([svg?.getAttribute("width"), svg?.getAttribute("height")]).toEqual(["1024", "1536"]);
    expect(
      [...doc.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.getAttribute("aria-label")]),
    ).toEqual([
      ["/?school=7", "Austin Grappling"],
      ["/?school=9", "South Mats"],
      // Saved gyms last, drawn over the others as on the live map.
      ["/?school=8", "Saved Jiu-Jitsu"],
    ]);
    // No script would answer a press: a cluster is a labelled picture, not a button.
    const clusters = [...doc.querySelectorAll(".drawn-cluster")];
    expect(clusters.map((c) => [c.getAttribute("role"), c.getAttribute("aria-label")])).toEqual([
      ["img", "1234 schools"],
      ["img", "12 schools"],
    ]);
    expect(clusters[0]?.hasAttribute("tabindex")).toBe(false);
    // No style attribute anywhere: the CSP (style-src 'self') would drop it from the HTML.
    expect(html).not.toContain("style=");
  });

  it("puts each pin's tip on its point and each cluster's circle on its point, as the live map draws them", async () => {
    const { container, unmount } = await render(<DrawnMap {...props()} />);
    const pin = pinLink(container, "Austin Grappling");
    // 32 px pins anchored at the bottom middle: the tip is at (x, y).
    expect(pin?.querySelector("g")?.getAttribute("transform")).toBe("translate(496 736)");
    expect(pin?.querySelector("path")?.getAttribute("d")).toBe(PIN_OUTLINE);
    const [big, small] = [...container.querySelectorAll(".drawn-cluster")];
    const circle = (g: Element | undefined) => g?.querySelectorAll("circle")[1];
    expect([circle(big)?.getAttribute("cx"), circle(big)?.getAttribute("cy")]).toEqual(["300", "400"]);
    expect(circle(big)?.getAttribute("r")).toBe("23");
    expect(circle(small)?.getAttribute("r")).toBe("19");
    expect(big?.querySelector("text")?.textContent).toBe("1.2k");
    expect(small?.querySelector("text")?.textContent).toBe("12");
    await unmount();
  });

  it("colours saved gyms red: as drawn, or as the app knows them now; a cluster with a saved gym has a red ring", async () => {
    const { container, unmount } = await render(
      <DrawnMap
        {...props({
          shown: new Map([
            [7, true],
            [8, false],
          ]),
        })}
      />,
    );
    expect(pinFill(pinLink(container, "Austin Grappling"))).toBe(PALETTE.pinFavorite);
    expect(pinFill(pinLink(container, "Saved Jiu-Jitsu"))).toBe(PALETTE.pinDefault);
    expect(pinFill(pinLink(container, "South Mats"))).toBe(PALETTE.pinDefault);
    const rings = [...container.querySelectorAll(".drawn-cluster")].map((g) =>
      g.querySelectorAll("circle")[1]?.getAttribute("stroke"),
    );
    expect(rings).toEqual([PALETTE.pinStroke, PALETTE.pinFavorite]);
    await unmount();
  });

  it("a pin's click opens its card instead of following the link; a cluster, hydrated, is a button that zooms", async () => {
    const p = props();
    const { container, unmount } = await render(<DrawnMap {...p} />);
    const link = pinLink(container, "South Mats") as SVGAElement;
    const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(p.onPin).toHaveBeenCalledWith(9);
    // Ctrl-click keeps the link's own way (a new tab).
    const ctrl = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    link.dispatchEvent(ctrl);
    expect(ctrl.defaultPrevented).toBe(false);
    expect(p.onPin).toHaveBeenCalledTimes(1);

    const cluster = container.querySelector('[role="button"][aria-label="12 schools: zoom in"]') as Element;
    expect(cluster.getAttribute("tabindex")).toBe("0");
    await act(async () => {
      cluster.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    await press(container.querySelector('[aria-label="1234 schools: zoom in"]') as Element, "Enter");
    expect(
      (p.onCluster as ReturnType<typeof mock>).mock.calls.map(([c]) => (c as { count: number }).count),
    ).toEqual([12, 1234]);
    await expectAxeClean(container);
    await unmount();
  });

  it("after a filter, keeps only the pins of schools shown now and no cluster (their counts would be wrong)", async () => {
    const { container, unmount } = await render(
      <DrawnMap {...props({ onlyShown: true, shown: new Map([[9, false]]) })} />,
    );
    expect([...container.querySelectorAll("a")].map((a) => a.getAttribute("aria-label"))).toEqual([
      "South Mats",
    ]);
    expect(container.querySelectorAll(".drawn-cluster")).toHaveLength(0);
    await unmount();
  });

  it("shows the selected pin's card on the drawing, with a close button, until the live map can show it", async () => {
    let slot: HTMLElement | null = null;
    const p = props({ selectedId: 7, cardSlot: (element) => (slot = element) });
    const view1 = await render(<DrawnMap {...p} />);
    const card = view1.container.querySelector(".drawn-card") as HTMLElement;
    expect(slot).not.toBeNull();
    expect(card.contains(slot)).toBe(true);
    // Pin 7 is at the middle: the card stands above its head.
    expect(card.style.top).toBe("calc(50% + -34px)");
    await click(card.querySelector('button[aria-label="Close popup"]') as Element);
    expect(p.onClose).toHaveBeenCalledTimes(1);
    await press(card, "Escape");
    expect(p.onClose).toHaveBeenCalledTimes(2);
    await view1.unmount();

    const view2 = await render(<DrawnMap {...props({ selectedId: 7, live: "loaded" })} />);
    expect(view2.container.querySelector(".drawn-card")).toBeNull();
    await view2.unmount();
  });

  it("stops being the map's region once the live map's box is there, and takes no input once its pins are drawn", async () => {
    const mounted = await render(<DrawnMap {...props({ live: "mounted" })} />);
    const section = mounted.container.querySelector("section") as HTMLElement;
    expect(section.hasAttribute("aria-label")).toBe(false);
    expect(section.hasAttribute("inert")).toBe(false);
    await mounted.unmount();
    // Its style loaded, the live map shows the card, but its pins are not drawn: the drawing's still take taps.
    const loaded = await render(<DrawnMap {...props({ live: "loaded" })} />);
    expect(loaded.container.querySelector("section")?.hasAttribute("inert")).toBe(false);
    await loaded.unmount();
    const drawn = await render(<DrawnMap {...props({ live: "drawn" })} />);
    const inert = drawn.container.querySelector("section") as HTMLElement;
    expect(inert.hasAttribute("inert")).toBe(true);
    expect(inert.dataset.live).toBe("drawn");
    await drawn.unmount();
  });
});
