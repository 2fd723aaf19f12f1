/**
 * The feed's Past Check-ins: the page brings the newest FEED_RECENT_CHECKINS and the count;
 * "Show all N check-ins" fetches the whole list, a delete takes one off at once.
 */
import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import type { ReactNode } from "react";
import { type CheckinView, recentCheckinsOf } from "../../common/schemas/checkins";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { type Call, deferred, jsonResponse, mockFetch } from "../posts/test-fixtures";
import { PageQueries } from "../users/PageQueries";
import { resetPageQueryClient } from "../users/query-client";
import { FeedSavedColumn } from "./FeedSavedColumn";
import { PastCheckinsPanel } from "./PastCheckinsPanel";

withDom();

const school = { gym: "Alpha BJJ", city: "Austin", slug: "alpha", timeZone: "America/Chicago" };

/** `count` check-ins, newest (highest id) first, one a day, as GET /api/checkins lists them. */
const checkinsOf = (count: number): CheckinView[] =>
  Array.from({ length: count }, (_, i) => {
    const id = count - i;
    const day = `2026-03-${String(id).padStart(2, "0")}`;
    return { id, schoolId: 7, checkedInAt: `${day}T18:00:00.000Z`, localDate: day, verified: true, school };
  });

let calls: Call[] = [];
beforeEach(() => {
  resetPageQueryClient();
  calls = mockFetch({ "GET /api/checkins": () => jsonResponse(checkinsOf(12)) });
});
afterEach(() => {
  resetPageQueryClient();
  for (const el of document.querySelectorAll("#toasts")) el.remove();
});

/** As on the page: in the page's shared client, where nothing is stale by time. */
const renderOnPage = (ui: ReactNode) => render(<PageQueries>{ui}</PageQueries>);

const rows = (root: ParentNode) => root.querySelectorAll(".checkin-item").length;
const moreButton = (root: ParentNode) => root.querySelector<HTMLButtonElement>(".checkins-more");
const checkinGets = () => calls.filter((c) => c.method === "GET" && c.url === "/api/checkins");
const tile = (root: ParentNode) =>
  [...root.querySelectorAll(".feed-tile")].find((b) => b.textContent?.startsWith("Check-ins"));

describe("Past Check-ins on the feed", () => {
  it("shows the newest 10 of 12, then all 12 on request, keeping the focus on the button", async () => {
    const answer = deferred<Response>();
    calls = mockFetch({ "GET /api/checkins": () => answer.promise });
    const { container, unmount } = await renderOnPage(
      <PastCheckinsPanel initial={recentCheckinsOf(checkinsOf(12))} />,
    );
    expect(rows(container)).toBe(10);
    expect(container.textContent).toContain("Mar 12, 2026");
    expect(container.textContent).not.toContain("Mar 2, 2026");
    const button = moreButton(container) as HTMLButtonElement;
    expect(button.textContent).toBe("Show all 12 check-ins");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(checkinGets()).toHaveLength(0);

    button.focus();
    await click(button);
    // While the whole list loads, the recent rows stay and the button says so.
    expect(button.textContent).toBe("Loading check-ins…");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(rows(container)).toBe(10);
    answer.resolve(jsonResponse(checkinsOf(12)));
    await wait(30);
    expect(checkinGets()).toHaveLength(1);
    expect(rows(container)).toBe(12);
    expect(container.textContent).toContain("Mar 2, 2026");
    expect(button.textContent).toBe("Show fewer");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(button);

    await click(button);
    expect(rows(container)).toBe(10);
    expect(button.textContent).toBe("Show all 12 check-ins");
    expect(document.activeElement).toBe(button);
    // Shown again from the cache: no second request.
    await click(button);
    expect(rows(container)).toBe(12);
    expect(checkinGets()).toHaveLength(1);
    await unmount();
  });

  it("has no button when every check-in is shown", async () => {
    const { container, unmount } = await renderOnPage(
      <PastCheckinsPanel initial={recentCheckinsOf(checkinsOf(3))} />,
    );
    expect(rows(container)).toBe(3);
    expect(moreButton(container)).toBeNull();
    expect(container.textContent).not.toContain("Show all");
    await unmount();
  });

  it("keeps the recent rows and says so when the whole list cannot be loaded", async () => {
    calls = mockFetch({ "GET /api/checkins": () => jsonResponse({ message: "down" }, 500) });
    const { container, unmount } = await renderOnPage(
      <PastCheckinsPanel initial={recentCheckinsOf(checkinsOf(12))} />,
    );
    await click(moreButton(container) as HTMLButtonElement);
    await wait(30);
    expect(rows(container)).toBe(10);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe("Check-ins could not be loaded.");
    expect(moreButton(container)?.textContent).toBe("Show all 12 check-ins");
    // Asking again tries again.
    calls = mockFetch({ "GET /api/checkins": () => jsonResponse(checkinsOf(12)) });
    await click(moreButton(container) as HTMLButtonElement);
    await wait(30);
    expect(rows(container)).toBe(12);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    await unmount();
  });

  it("counts every check-in in the tile, and a delete takes the row and one from the count", async () => {
    const remaining = checkinsOf(12).filter((c) => c.id !== 12);
    const refetched = deferred<Response>();
    calls = mockFetch({
      "DELETE /api/checkins/12": () => jsonResponse({ deleted: true, id: 12 }),
      "GET /api/checkins": () => refetched.promise,
    });
    const { container, unmount } = await renderOnPage(
      <FeedSavedColumn savedSchools={[]} checkins={recentCheckinsOf(checkinsOf(12))} />,
    );
    expect(tile(container)?.textContent).toBe("Check-ins 12");
    const remove = container.querySelector<HTMLButtonElement>(".checkin-item button") as HTMLButtonElement;
    expect(remove.getAttribute("aria-label")).toContain("Delete check-in at Alpha BJJ, Mar 12, 2026");
    await click(remove);
    await wait(20);
    // At once, before the recent page is fetched again.
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "DELETE /api/checkins/12",
      "GET /api/checkins",
    ]);
    expect(tile(container)?.textContent).toBe("Check-ins 11");
    expect(rows(container)).toBe(9);
    expect(container.textContent).not.toContain("Mar 12, 2026");
    expect(moreButton(container)?.textContent).toBe("Show all 11 check-ins");
    // Then the next older one moves up.
    refetched.resolve(jsonResponse(remaining));
    await wait(30);
    expect(rows(container)).toBe(10);
    expect(container.textContent).toContain("Mar 2, 2026");
    expect(tile(container)?.textContent).toBe("Check-ins 11");
    await unmount();
  });
});
