import { describe, expect, it } from "bun:test";
import { act } from "react";
import type { AdminExceptionView, OccurrenceView } from "../../common/schemas/schedule-exceptions";
import { withDom } from "../home/test-dom";
import { click, render, typeInto, wait } from "../home/test-render";
import {
  buttonNamed,
  jsonResponse as json,
  mockFetch,
  toastTexts,
  withMockedFetch,
} from "../posts/test-fixtures";
import { AdminDashboardView } from "./AdminDashboardView";
import type { AdminDashboardProps } from "./types";

withDom();
const api = withMockedFetch();

const props: AdminDashboardProps = {
  submissions: [],
  feedback: [],
  audit: { entries: [], nextBeforeId: null },
  reports: [],
  stale: {
    flagged: { kind: "flagged", schools: [], total: 0, nextOffset: null },
    unconfirmed: { kind: "unconfirmed", schools: [], total: 0, nextOffset: null },
  },
};
const cancellation = (id: number, over: Partial<AdminExceptionView> = {}): AdminExceptionView => ({
  id,
  schoolId: 7,
  date: "2026-11-22",
  startMinute: 600,
  reason: `reason ${id}`,
  moveTo: null,
  createdAt: "2026-11-20T12:00:00.000Z",
  school: { gym: "Cancel Academy", slug: "cancel-academy", city: "Austin", state: "TX" },
  ...over,
});
const occurrence = (
  date: string,
  start: number,
  status: OccurrenceView["status"] = "scheduled",
): OccurrenceView => ({
  date,
  start,
  end: null,
  startsAt: null,
  endsAt: null,
  status,
  reason: null,
  notes: [],
});

const tab = (root: ParentNode) => root.querySelector("#tab-cancellations") as HTMLButtonElement;
const panel = (root: ParentNode) => root.querySelector("#panel-cancellations") as HTMLElement;
const choose = async (select: HTMLSelectElement, value: string) => {
  select.value = value;
  await act(async () => {
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
};

describe("Cancellations", () => {
  it("asks for nothing until its tab is opened, then lists each upcoming cancellation; Restore removes it", async () => {
    let listed = [cancellation(1), cancellation(2, { date: "2026-11-28", startMinute: null })];
    api.calls = mockFetch({
      "GET /api/admin/schedule-exceptions": () => json({ exceptions: listed }),
      "DELETE /api/schools/7/exceptions/1": () => {
        listed = listed.filter((e) => e.id !== 1);
        return json({ restored: cancellation(1) });
      },
      "GET /api/admin/audit": () => json({ entries: [], nextBeforeId: null }),
    });
    const view = await render(<AdminDashboardView {...props} />);
    expect(api.calls).toEqual([]);
    await click(tab(view.container));
    await wait(30);
    const titles = () => [...panel(view.container).querySelectorAll("h3")].map((h) => h.textContent);
    expect(panel(view.container).querySelector("h2")?.textContent).toBe("Cancelled open mats and moves (2)");
    expect(titles()).toEqual([
      "Cancel Academy: Sun, Nov 22, 10:00 AM",
      "Cancel Academy: Sat, Nov 28, whole day",
    ]);
    expect(panel(view.container).textContent).toContain("reason 2");
    const restore = buttonNamed(panel(view.container), "Restore Cancel Academy, Sun, Nov 22, 10:00 AM");
    await click(restore as HTMLButtonElement);
    await wait(30);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain("DELETE /api/schools/7/exceptions/1");
    expect(titles()).toEqual(["Cancel Academy: Sat, Nov 28, whole day"]);
    expect(toastTexts().join(" ")).toContain("Open mat restored");
    await view.unmount();
  });

  it("cancels the open mat chosen in the form: school found by name, its open mat, the reason", async () => {
    api.calls = mockFetch({
      "GET /api/admin/schedule-exceptions": () => json({ exceptions: [] }),
      "GET /api/admin/schedule-exceptions/schools": () =>
        json({ schools: [{ id: 7, gym: "Cancel Academy", city: "Austin", state: "TX" }] }),
      "GET /api/schools/7/occurrences": () =>
        json({
          occurrences: [
            occurrence("2026-11-22", 600),
            occurrence("2026-11-22", 960, "cancelled"),
            occurrence("2026-11-29", 600),
          ],
        }),
      "POST /api/schools/7/exceptions": () => json(cancellation(3), 201),
      "GET /api/admin/audit": () => json({ entries: [], nextBeforeId: null }),
    });
    const view = await render(<AdminDashboardView {...props} />);
    await click(tab(view.container));
    await wait(30);
    expect(panel(view.container).textContent).toContain("No upcoming open mat is cancelled or moved.");
    await click(buttonNamed(panel(view.container), "Cancel an open mat") as HTMLButtonElement);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const search = dialog.querySelector('input[type="search"]') as HTMLInputElement;
    expect(document.activeElement).toBe(search);
    await typeInto(search, "cancel");
    await wait(30);
    const [school, slot] = [...dialog.querySelectorAll("select")] as HTMLSelectElement[];
    await choose(school as HTMLSelectElement, "7");
    await wait(30);
    const options = [...(slot as HTMLSelectElement).options].map((o) => [o.textContent, o.disabled]);
    expect(options).toEqual([
      ["Choose the open mat or the day", false],
      ["Sun, Nov 22, 10:00 AM", false],
      ["Sun, Nov 22, 4:00 PM (already cancelled)", true],
      ["Sun, Nov 22, the whole day", false],
      ["Sun, Nov 29, 10:00 AM", false],
      ["Sun, Nov 29, the whole day", false],
    ]);
    await choose(slot as HTMLSelectElement, "2026-11-22@600");
    const reason = dialog.querySelector("textarea") as HTMLTextAreaElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
    await act(async () => {
      setter?.call(reason, "Coach away");
      reason.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await click(buttonNamed(dialog, "Cancel open mat") as HTMLButtonElement);
    await wait(30);
    expect(api.calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/schools/7/exceptions",
      body: { date: "2026-11-22", startMinute: 600, reason: "Coach away" },
    });
    expect(document.querySelector("dialog")).toBeNull();
    expect(toastTexts().join(" ")).toContain("Open mat cancelled");
    await view.unmount();
  });
});
