import { describe, expect, it } from "bun:test";
import type { ListingWeek, SchoolEditView, SchoolHistoryPage } from "../../common/schemas/listing-activity";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { buttonNamed, jsonResponse as json, mockFetch, withMockedFetch } from "../posts/test-fixtures";
import { ListingActivity, valueText } from "./ListingActivity";

withDom();
const api = withMockedFetch();

const week = (start: string, over: Partial<ListingWeek> = {}): ListingWeek => ({
  start,
  view: 0,
  detail: 0,
  directions: 0,
  calendar: 0,
  save: 0,
  checkin: 0,
  ...over,
});
const mondays = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2026, 8, 7) + i * 7 * 86_400_000).toISOString().slice(0, 10),
);
const stats = { weeks: mondays.map((m, i) => week(m, i === 11 ? { view: 42, save: 3, checkin: 1 } : {})) };

const edit = (id: number, over: Partial<SchoolEditView> = {}): SchoolEditView => ({
  id,
  at: "2026-11-20T17:05:00.000Z",
  source: "gym",
  by: { id: 7, username: "coachkim" },
  changes: { dayAndTime: { before: "Sat 10am", after: `Sat 11am (${id})` } },
  ...over,
});

function answer(first: SchoolHistoryPage, next?: SchoolHistoryPage) {
  api.calls = mockFetch({
    "GET /api/schools/5/stats": () => json(stats),
    "GET /api/schools/5/history?limit=20": () => json(first),
    ...(next ? { "GET /api/schools/5/history?limit=20&beforeId=30": () => json(next) } : {}),
  });
}

describe("ListingActivity", () => {
  it("shows the 12 weeks as a table with a caption and headers, the current week last", async () => {
    answer({ items: [], nextBeforeId: null });
    const view = await render(<ListingActivity schoolId={5} />);
    await wait(30);
    const table = view.container.querySelector("table.listing-stats") as HTMLTableElement;
    expect(table.caption?.textContent).toBe("Per week (from Monday, UTC), the last 12 weeks");
    const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(headers).toEqual([
      "Week of",
      "Page views",
      "Detail opens",
      "Direction taps",
      "Calendar downloads",
      "Saves",
      "Verified check-ins",
    ]);
    for (const th of table.querySelectorAll("th"))
      expect(["col", "row"]).toContain(th.getAttribute("scope") ?? "");
    const rows = [...table.querySelectorAll("tbody tr")];
    expect(rows).toHaveLength(12);
    expect(rows[0]?.querySelector("th")?.textContent).toBe("Sep 7");
    expect([...(rows[11]?.querySelectorAll("td") ?? [])].map((td) => td.textContent)).toEqual([
      "42",
      "0",
      "0",
      "0",
      "3",
      "1",
    ]);
    // A week with nothing is zeros, not a gap.
    expect([...(rows[3]?.querySelectorAll("td") ?? [])].every((td) => td.textContent === "0")).toBe(true);
    expect(view.container.textContent).toContain("No edits yet.");
    await view.unmount();
  });

  it("lists the edit history newest first with who, when (UTC) and each field before and after, and loads more", async () => {
    const first = Array.from({ length: 20 }, (_, i) => edit(49 - i));
    answer(
      { items: first, nextBeforeId: 30 },
      {
        items: [
          edit(29, {
            source: "import",
            by: null,
            changes: { website: { before: null, after: "https://x.example" } },
          }),
        ],
        nextBeforeId: null,
      },
    );
    const view = await render(<ListingActivity schoolId={5} />);
    await wait(30);
    const entries = () => [...view.container.querySelectorAll("li.listing-edit")];
    expect(entries()).toHaveLength(20);
    const top = entries()[0] as HTMLElement;
    expect(top.querySelector("strong")?.textContent).toBe("The gym (coachkim)");
    expect(top.querySelector("time")?.textContent).toBe("Nov 20, 2026, 5:05 PM UTC");
    const cells = [...top.querySelectorAll("tbody tr > *")].map((c) => c.textContent);
    expect(cells).toEqual(["Schedule", "Sat 10am", "Sat 11am (49)"]);

    const more = buttonNamed(view.container, "Load more") as HTMLButtonElement;
    await click(more);
    await wait(30);
    expect(api.calls.map((c) => c.url)).toContain("/api/schools/5/history?limit=20&beforeId=30");
    expect(entries()).toHaveLength(21);
    const last = entries()[20] as HTMLElement;
    expect(last.querySelector("strong")?.textContent).toBe("An import");
    expect([...last.querySelectorAll("tbody tr > *")].map((c) => c.textContent)).toEqual([
      "Website",
      "(none)",
      "https://x.example",
    ]);
    // The last page: no button to load more.
    expect(buttonNamed(view.container, "Load more")).toBeUndefined();
    await expectAxeClean(view.container);
    await view.unmount();
  });

  it("says so when the counts or the history cannot be loaded", async () => {
    api.calls = mockFetch({});
    const view = await render(<ListingActivity schoolId={5} />);
    await wait(30);
    const alerts = [...view.container.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
    expect(alerts).toEqual(["The counts could not be loaded.", "The history could not be loaded."]);
    await view.unmount();
  });
});

describe("valueText", () => {
  it("writes text as is, nothing as (none), sessions as the schedule lists them, anything else as JSON", () => {
    expect(valueText("gym", "Gracie Austin")).toBe("Gracie Austin");
    expect(valueText("phone", null)).toBe("(none)");
    expect(valueText("sessions", [{ weekday: 6, start: 600, end: 720, notes: [] }])).toBe(
      "Sat 10:00 AM–12:00 PM",
    );
    expect(valueText("visitorRules", { fee: 0 })).toBe('{"fee":0}');
  });
});
