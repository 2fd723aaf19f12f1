/** The offline page's island: what the service worker kept of the saved gyms, read from its cache. */
import { afterEach, describe, expect, it } from "bun:test";
import {
  type OfflineSaved as Kept,
  OFFLINE_DATA_CACHE,
  OFFLINE_SAVED_URL,
  offlineTexts,
} from "../../common/schemas/pwa";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { render, wait } from "../home/test-render";
import OfflineSaved from "../OfflineSaved";

withDom();

const kept: Kept = {
  savedAt: "2026-11-20T17:00:00.000Z",
  total: 3,
  gyms: [
    {
      id: 7,
      slug: "north-side-bjj",
      gym: "North Side BJJ",
      city: "Austin",
      state: "TX",
      timeZone: "America/Chicago",
      occurrences: [
        {
          date: "2026-11-21",
          start: 660,
          end: 780,
          startsAt: "2026-11-21T11:00:00-06:00",
          endsAt: "2026-11-21T13:00:00-06:00",
          status: "scheduled",
          reason: null,
          notes: [],
        },
        {
          date: "2026-11-22",
          start: 600,
          end: null,
          startsAt: "2026-11-22T10:00:00-06:00",
          endsAt: null,
          status: "cancelled",
          reason: "Roof leak",
          notes: [],
        },
      ],
    },
    {
      id: 8,
      slug: "quiet-gym",
      gym: "Quiet Gym",
      city: "Round Rock",
      state: "TX",
      timeZone: "America/Chicago",
      occurrences: [],
    },
  ],
};

/** The worker's caches as the page sees them: `kept` under its URL in its cache, or nothing. */
function cachesHolding(saved: Kept | null) {
  const asked: string[] = [];
  (globalThis as { caches?: unknown }).caches = {
    match: async (url: string, options?: { cacheName?: string }) => {
      asked.push(`${options?.cacheName} ${url}`);
      return saved ? new Response(JSON.stringify(saved)) : undefined;
    },
  };
  return asked;
}

afterEach(() => {
  delete (globalThis as { caches?: unknown }).caches;
});

describe("OfflineSaved", () => {
  it("lists the kept gyms with their next 7 days, a cancellation with its reason, and how many were not kept", async () => {
    const asked = cachesHolding(kept);
    const view = await render(<OfflineSaved />);
    await wait(20);
    const root = view.container;
    expect(asked).toEqual([`${OFFLINE_DATA_CACHE} ${OFFLINE_SAVED_URL}`]);
    expect(root.querySelector("h2")?.textContent).toBe(offlineTexts.savedHeading);
    expect(
      [...root.querySelectorAll("h3 a")].map((a) => `${a.textContent} ${a.getAttribute("href")}`),
    ).toEqual(["North Side BJJ /schools/north-side-bjj", "Quiet Gym /schools/quiet-gym"]);
    expect([...root.querySelectorAll(".offline-occurrences li")].map((li) => li.textContent)).toEqual([
      "Sat, Nov 21, 11:00 AM–1:00 PM",
      "Sun, Nov 22, 10:00 AM Cancelled: Roof leak",
    ]);
    expect(root.textContent).toContain(offlineTexts.noOpenMats);
    expect(root.textContent).toContain(offlineTexts.more(1));
    expect(root.querySelector("time")?.getAttribute("datetime")).toBe(kept.savedAt);
    await expectAxeClean(root);
    await view.unmount();
  });

  it("says honestly when nothing was kept, and in a browser without caches", async () => {
    cachesHolding(null);
    const view = await render(<OfflineSaved />);
    await wait(20);
    expect(view.container.textContent).toContain(offlineTexts.none);
    await view.unmount();
    delete (globalThis as { caches?: unknown }).caches;
    const bare = await render(<OfflineSaved />);
    await wait(20);
    expect(bare.container.textContent).toContain(offlineTexts.none);
    await bare.unmount();
  });

  it("renders the waiting line on the server, as the browser's first render does", async () => {
    cachesHolding(kept);
    const { renderToString } = await import("react-dom/server");
    expect(renderToString(<OfflineSaved />)).toBe(`<p aria-live="polite">${offlineTexts.loading}</p>`);
  });
});
