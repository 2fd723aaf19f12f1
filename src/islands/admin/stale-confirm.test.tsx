import { describe, expect, it } from "bun:test";
import { scheduleReviewTexts } from "../../common/schemas/schedule-review";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import {
  buttonNamed,
  jsonResponse as json,
  mockFetch,
  toastTexts,
  withMockedFetch,
} from "../posts/test-fixtures";
import { AdminDashboardView } from "./AdminDashboardView";
import { withoutSchool } from "./stale-queries";
import type { AdminDashboardProps, StalePage, StaleSchool } from "./types";

withDom();

const api = withMockedFetch();

const AMPM = '"2-4": am or pm is not written; read as 2:00 PM–4:00 PM';

const school = (id: number, over: Partial<StaleSchool> = {}): StaleSchool => ({
  id,
  slug: `gym-${id}`,
  gym: `Gym ${id}`,
  city: "Austin",
  state: "TX",
  lastConfirmedAt: null,
  unparsed: [],
  dayAndTime: `Sat 2-4, Wed (${id})`,
  checks: [
    { session: "Wed (time not listed)", reasons: [scheduleReviewTexts.noStartTime] },
    { session: "Sat 2:00 PM–4:00 PM", reasons: [AMPM] },
  ],
  ...over,
});
const page = (
  kind: StalePage["kind"],
  schools: StaleSchool[],
  nextOffset: number | null = null,
): StalePage => ({
  kind,
  schools,
  total: schools.length + (nextOffset === null ? 0 : 5),
  nextOffset,
});
const props = (flagged: StalePage): AdminDashboardProps => ({
  submissions: [],
  feedback: [],
  audit: { entries: [], nextBeforeId: null },
  reports: [],
  stale: { flagged, unconfirmed: page("unconfirmed", []) },
});
const flaggedSection = (root: ParentNode) =>
  root.querySelector("#panel-stale section.admin-stale") as HTMLElement;

describe("Stale listings: schedules to check", () => {
  it("shows each school's readings to check with why, the gym's text, and a Confirm button per school", async () => {
    const view = await render(<AdminDashboardView {...props(page("flagged", [school(1), school(2)]))} />);
    const section = flaggedSection(view.container);
    expect(section.querySelector("h3")?.textContent).toBe("Schedules to check (2)");
    const first = section.querySelector(".admin-stale-school") as HTMLElement;
    const checks = first.querySelector('ul[aria-label="Readings to check of Gym 1"]');
    expect([...(checks?.querySelectorAll("li") ?? [])].map((li) => li.textContent)).toEqual([
      `Wed (time not listed): ${scheduleReviewTexts.noStartTime}`,
      `Sat 2:00 PM–4:00 PM: ${AMPM}`,
    ]);
    expect(first.textContent).toContain("As the gym writes it: Sat 2-4, Wed (1)");
    expect(buttonNamed(first, "Confirm reading of Gym 1")).toBeDefined();
    expect(api.calls).toEqual([]);
    await view.unmount();
  });

  it("Confirm sends the text seen; the school leaves the list, the heading takes focus, the other lists are asked again", async () => {
    api.calls = mockFetch({
      "POST /api/admin/schools/1/schedule/confirm": () =>
        json({ schoolId: 1, dayAndTime: "Sat 2-4, Wed (1)", confirmed: true }),
      "GET /api/admin/stale-schools": () => json(page("unconfirmed", [])),
      "GET /api/admin/audit": () => json({ entries: [], nextBeforeId: null }),
    });
    const view = await render(<AdminDashboardView {...props(page("flagged", [school(1), school(2)]))} />);
    const button = buttonNamed(
      flaggedSection(view.container),
      "Confirm reading of Gym 1",
    ) as HTMLButtonElement;
    button.focus();
    await click(button);
    await wait(30);
    const post = api.calls.find((c) => c.method === "POST");
    expect(post).toEqual({
      method: "POST",
      url: "/api/admin/schools/1/schedule/confirm",
      body: { dayAndTime: "Sat 2-4, Wed (1)" },
    });
    const section = flaggedSection(view.container);
    expect([...section.querySelectorAll(".admin-stale-school a")].map((a) => a.textContent)).toEqual([
      "Gym 2",
    ]);
    expect(section.querySelector("h3")?.textContent).toBe("Schedules to check (1)");
    expect(document.activeElement).toBe(section.querySelector("h3"));
    expect(api.calls.map((c) => c.url)).toContain(
      "/api/admin/stale-schools?kind=unconfirmed&limit=20&offset=0",
    );
    expect(api.calls.map((c) => c.url)).toContain("/api/admin/audit?limit=20");
    expect(toastTexts().join(" ")).toContain("Schedule confirmed");
    await view.unmount();
  });

  it("a refused confirmation (the text changed) keeps the school and toasts the server's words", async () => {
    mockFetch({
      "POST /api/admin/schools/1/schedule/confirm": () =>
        json({ message: scheduleReviewTexts.textChanged }, 409),
    });
    const view = await render(<AdminDashboardView {...props(page("flagged", [school(1)]))} />);
    await click(buttonNamed(flaggedSection(view.container), "Confirm reading of Gym 1") as HTMLButtonElement);
    await wait(30);
    expect(flaggedSection(view.container).querySelectorAll(".admin-stale-school")).toHaveLength(1);
    expect(toastTexts().join(" ")).toContain(scheduleReviewTexts.textChanged);
    await view.unmount();
  });

  it("a confirmed school leaves its page, and the pages from it on ask for the next from one less", () => {
    const pages = {
      pages: [page("flagged", [school(1), school(2)], 2), page("flagged", [school(3), school(4)], 4)],
      pageParams: [0, 2],
    };
    const after = withoutSchool(pages, 2);
    expect(after.pages.map((p) => [p.schools.map((s) => s.id), p.nextOffset, p.total])).toEqual([
      [[1], 1, 6],
      [[3, 4], 3, 6],
    ]);
    expect(withoutSchool(pages, 4).pages.map((p) => p.nextOffset)).toEqual([2, 3]);
  });
});
