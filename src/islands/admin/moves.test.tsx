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
const school = { gym: "Move Academy", slug: "move-academy", city: "Austin", state: "TX" };
const exception = (id: number, over: Partial<AdminExceptionView> = {}): AdminExceptionView => ({
  id,
  schoolId: 7,
  date: "2026-11-22",
  startMinute: 600,
  reason: `reason ${id}`,
  moveTo: null,
  createdAt: "2026-11-20T12:00:00.000Z",
  school,
  ...over,
});
const occurrence = (date: string, start: number, over: Partial<OccurrenceView> = {}): OccurrenceView => ({
  date,
  start,
  end: null,
  startsAt: null,
  endsAt: null,
  status: "scheduled",
  reason: null,
  notes: [],
  ...over,
});

const openTab = async (root: ParentNode) => {
  await click(root.querySelector("#tab-cancellations") as HTMLButtonElement);
  await wait(30);
  return root.querySelector("#panel-cancellations") as HTMLElement;
};
const choose = async (select: HTMLSelectElement, value: string) => {
  select.value = value;
  await act(async () => {
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
};
/** The control a <label> with this text names. */
const labelled = (root: ParentNode, text: string) => {
  const label = [...root.querySelectorAll("label")].find((l) => l.textContent === text);
  return document.getElementById(label?.htmlFor ?? "") as HTMLInputElement & HTMLSelectElement;
};
const fill = async (el: HTMLTextAreaElement, value: string) => {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(el, value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
};

describe("Moves in the Cancellations tab", () => {
  it("lists a move with its new time; Move back restores it and focus goes to the heading", async () => {
    let listed = [
      exception(1, { moveTo: { date: "2026-11-21", start: 900, end: 1020 } }),
      exception(2, { date: "2026-11-28", startMinute: null }),
    ];
    api.calls = mockFetch({
      "GET /api/admin/schedule-exceptions": () => json({ exceptions: listed }),
      "DELETE /api/schools/7/exceptions/1": () => {
        listed = listed.filter((e) => e.id !== 1);
        return json({ restored: exception(1) });
      },
      "GET /api/admin/audit": () => json({ entries: [], nextBeforeId: null }),
    });
    const view = await render(<AdminDashboardView {...props} />);
    const panel = await openTab(view.container);
    expect([...panel.querySelectorAll("h3")].map((h) => h.textContent)).toEqual([
      "Move Academy: Sun, Nov 22, 10:00 AM, moved to Sat, Nov 21, 3:00 PM",
      "Move Academy: Sat, Nov 28, whole day",
    ]);
    const facts = [...(panel.querySelector("article dl") as HTMLElement).children].map((c) => c.textContent);
    expect(facts).toEqual(["Moved to", "Sat, Nov 21, 3:00 PM to 5:00 PM", "Reason", "reason 1"]);
    expect(buttonNamed(panel, "Restore Move Academy, Sat, Nov 28, whole day")).toBeDefined();
    const back = buttonNamed(panel, "Move back Move Academy, Sun, Nov 22, 10:00 AM") as HTMLButtonElement;
    back.focus();
    await click(back);
    await wait(30);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain("DELETE /api/schools/7/exceptions/1");
    expect(panel.querySelectorAll("article")).toHaveLength(1);
    expect(document.activeElement).toBe(panel.querySelector("h2") as HTMLElement);
    expect(panel.querySelector("h2")?.textContent).toBe("Cancelled open mats and moves (1)");
    expect(toastTexts().join(" ")).toContain("Open mat moved back");
    await view.unmount();
  });

  it("moves the open mat chosen to the date and times given, prefilled with its own; focus returns to the button", async () => {
    api.calls = mockFetch({
      "GET /api/admin/schedule-exceptions": () => json({ exceptions: [] }),
      "GET /api/admin/schedule-exceptions/schools": () =>
        json({ schools: [{ id: 7, gym: "Move Academy", city: "Austin", state: "TX" }] }),
      "GET /api/schools/7/occurrences": () =>
        json({
          occurrences: [
            occurrence("2026-11-22", 600, { end: 720 }),
            occurrence("2026-11-22", 960, { status: "cancelled", reason: "Away" }),
            occurrence("2026-11-26", 1140, { movedFrom: { date: "2026-11-29", start: 960 } }),
            occurrence("2026-11-29", 600),
          ],
        }),
      "POST /api/schools/7/exceptions": () =>
        json(exception(3, { moveTo: { date: "2026-11-28", start: 900, end: null } }), 201),
      "GET /api/admin/audit": () => json({ entries: [], nextBeforeId: null }),
    });
    const view = await render(<AdminDashboardView {...props} />);
    const panel = await openTab(view.container);
    const opener = buttonNamed(panel, "Move an open mat") as HTMLButtonElement;
    opener.focus();
    await click(opener);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.querySelector("h2")?.textContent).toBe("Move an open mat");
    expect(document.activeElement).toBe(labelled(dialog, "Find the school"));
    const submit = buttonNamed(dialog, "Move open mat") as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect((dialog.querySelector("fieldset") as HTMLFieldSetElement).disabled).toBe(true);
    await typeInto(labelled(dialog, "Find the school"), "move");
    await wait(30);
    await choose(labelled(dialog, "School"), "7");
    await wait(30);
    const slot = labelled(dialog, "Open mat");
    // No whole day to move; a cancelled or moved open mat cannot be chosen.
    expect([...slot.options].map((o) => [o.textContent, o.disabled])).toEqual([
      ["Choose the open mat", false],
      ["Sun, Nov 22, 10:00 AM", false],
      ["Sun, Nov 22, 4:00 PM (already cancelled)", true],
      ["Thu, Nov 26, 7:00 PM (moved from Sun, Nov 29, 4:00 PM)", true],
      ["Sun, Nov 29, 10:00 AM", false],
    ]);
    await choose(slot, "2026-11-22@600");
    expect(labelled(dialog, "New date").value).toBe("2026-11-22");
    expect(labelled(dialog, "New start").value).toBe("10:00");
    expect(labelled(dialog, "New end (optional)").value).toBe("12:00");
    expect(labelled(dialog, "New date").min).toBe("2026-10-22");
    expect(labelled(dialog, "New date").max).toBe("2026-12-23");
    await choose(slot, "2026-11-29@600");
    expect(labelled(dialog, "New date").value).toBe("2026-11-29");
    expect(labelled(dialog, "New end (optional)").value).toBe("");
    await typeInto(labelled(dialog, "New date"), "2026-11-28");
    await typeInto(labelled(dialog, "New start"), "15:00");
    await fill(dialog.querySelector("textarea") as HTMLTextAreaElement, "  Tournament on Sunday ");
    expect(submit.disabled).toBe(false);
    await click(submit);
    await wait(30);
    expect(api.calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/schools/7/exceptions",
      body: {
        date: "2026-11-29",
        startMinute: 600,
        reason: "Tournament on Sunday",
        moveTo: { date: "2026-11-28", start: 900 },
      },
    });
    expect(document.querySelector("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(toastTexts().join(" ")).toContain("Open mat moved");
    await view.unmount();
  });

  it("a refused move shows the server's words and keeps the dialog open", async () => {
    api.calls = mockFetch({
      "GET /api/admin/schedule-exceptions": () => json({ exceptions: [] }),
      "GET /api/admin/schedule-exceptions/schools": () =>
        json({ schools: [{ id: 7, gym: "Move Academy", city: "Austin", state: "TX" }] }),
      "GET /api/schools/7/occurrences": () => json({ occurrences: [occurrence("2026-11-22", 600)] }),
      "POST /api/schools/7/exceptions": () => json({ message: "The gym is closed on the new date" }, 422),
      "GET /api/admin/audit": () => json({ entries: [], nextBeforeId: null }),
    });
    const view = await render(<AdminDashboardView {...props} />);
    const panel = await openTab(view.container);
    await click(buttonNamed(panel, "Move an open mat") as HTMLButtonElement);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    await typeInto(labelled(dialog, "Find the school"), "move");
    await wait(30);
    await choose(labelled(dialog, "School"), "7");
    await wait(30);
    await choose(labelled(dialog, "Open mat"), "2026-11-22@600");
    await typeInto(labelled(dialog, "New date"), "2026-11-28");
    await fill(dialog.querySelector("textarea") as HTMLTextAreaElement, "Closed Sunday");
    await click(buttonNamed(dialog, "Move open mat") as HTMLButtonElement);
    await wait(30);
    expect(toastTexts().join(" ")).toContain("The gym is closed on the new date");
    expect(document.querySelector("dialog")).toBe(dialog);
    await view.unmount();
  });
});
