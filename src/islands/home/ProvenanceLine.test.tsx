import { describe, expect, it } from "bun:test";
import { act } from "react";
import { renderToString } from "react-dom/server";
import { mockFetch } from "../posts/test-fixtures";
import SchoolDirections from "../SchoolDirections";
import { resetListingBeacons, sendListingBeacon } from "./listing-beacon";
import { ProvenanceLine } from "./ProvenanceLine";
import { withDom } from "./test-dom";
import { click, render } from "./test-render";

withDom();

const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS - 60_000).toISOString();

describe("ProvenanceLine", () => {
  it("says where the schedule came from, in whole days by the browser's clock", async () => {
    const view = await render(
      <>
        <ProvenanceLine provenance={{ kind: "gym", at: ago(0) }} />
        <ProvenanceLine provenance={{ kind: "import", at: ago(3) }} inline />
        <ProvenanceLine provenance={null} />
      </>,
    );
    expect([...view.container.querySelectorAll(".school-confirmed")].map((e) => e.textContent)).toEqual([
      "Updated by the gym today",
      "Imported 3 days ago",
    ]);
    expect(view.container.querySelector("span.school-confirmed")).not.toBeNull();
    await view.unmount();
  });

  it("writes nothing on the server, so hydration matches whatever the browser's clock says, then the line", async () => {
    const line = <ProvenanceLine provenance={{ kind: "submission", at: ago(1) }} />;
    const html = renderToString(line);
    expect(html).not.toContain("submission");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    const { hydrateRoot } = await import("react-dom/client");
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, line, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe("From a member's submission, approved yesterday");
    await act(async () => root?.unmount());
    container.remove();
  });
});

describe("listing beacons", () => {
  it("counts each school's detail open and directions tap once per page load", async () => {
    resetListingBeacons();
    const calls = mockFetch({ "POST /api/schools/4/seen": () => new Response(null, { status: 204 }) });
    sendListingBeacon(4, "detail");
    sendListingBeacon(4, "detail");
    sendListingBeacon(4, "directions");
    sendListingBeacon(5, "detail");
    expect(calls.map((c) => `${c.url} ${JSON.stringify(c.body)}`)).toEqual([
      '/api/schools/4/seen {"kind":"detail"}',
      '/api/schools/4/seen {"kind":"directions"}',
      '/api/schools/5/seen {"kind":"detail"}',
    ]);
  });

  it("the school page's directions link counts a tap, and still links to the map without JS", async () => {
    resetListingBeacons();
    const calls = mockFetch({});
    const html = renderToString(<SchoolDirections schoolId={9} address="1 Main St, Austin, TX" />);
    expect(html).toContain(
      "https://www.google.com/maps/dir/?api=1&amp;destination=1%20Main%20St%2C%20Austin%2C%20TX",
    );
    const view = await render(<SchoolDirections schoolId={9} address="1 Main St, Austin, TX" />);
    const link = [...view.container.querySelectorAll("a")].find((a) => a.textContent === "Get directions");
    // The test's window opens nothing: the click's default is stopped before it navigates.
    link?.addEventListener("click", (event) => event.preventDefault());
    await click(link as HTMLAnchorElement);
    await click(link as HTMLAnchorElement);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ["POST", "/api/schools/9/seen", { kind: "directions" }],
    ]);
    await view.unmount();
  });
});
