/**
 * The manage page's island (issue 21): the schedule editor's rows added, changed and removed
 * from the keyboard, pasted text filling them, the next four weeks' cancel and restore, axe,
 * and hydration in a browser zone far from the server's UTC.
 */
import { afterEach, describe, expect, it } from "bun:test";
import { act } from "react";
import type { Session } from "../../common/schedule/types";
import type { OccurrenceView } from "../../common/schemas/schedule-exceptions";
import type { SchoolView } from "../../common/schemas/school";
import type { ManagePageData } from "../../common/schemas/school-manage";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { hydratesInNewYork } from "../lib/test-hydration";
import ManageSchool from "../ManageSchool";
import { buttonNamed, jsonResponse as json, mockFetch, withMockedFetch } from "../posts/test-fixtures";
import { resetPageQueryClient } from "../users/query-client";

withDom();
const api = withMockedFetch();
afterEach(() => resetPageQueryClient());

const saturday: Session = { weekday: 6, start: 600, end: null, notes: ["Gi"] };
const school = (over: Partial<SchoolView> = {}): SchoolView => ({
  id: 7,
  slug: "rows-academy",
  gym: "Rows Academy",
  location: "Austin, TX",
  address: "1 Congress Ave, Austin, TX 78701",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  latitude: 30.26,
  longitude: -97.74,
  timeZone: "America/Chicago",
  phone: null,
  website: "https://rows.example.com/",
  dayAndTime: "Sat 10:00 AM (Gi)",
  communityNotes: null,
  rating: null,
  reviewCount: 0,
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: true,
  sunday: false,
  noOpenMat: false,
  scheduleUnparsed: [],
  sessions: [saturday],
  isDemo: false,
  lastVerifiedAt: null,
  confirmedAt: null,
  provenance: null,
  ...over,
});
const occurrence = (date: string, over: Partial<OccurrenceView> = {}): OccurrenceView => ({
  date,
  start: 600,
  end: null,
  startsAt: `${date}T10:00:00-06:00`,
  endsAt: null,
  status: "scheduled",
  reason: null,
  notes: ["Gi"],
  ...over,
});
const props = (over: Partial<ManagePageData> = {}): ManagePageData => ({
  school: school(),
  today: "2026-11-20",
  occurrences: [occurrence("2026-11-21"), occurrence("2026-11-28")],
  feedback: [],
  ...over,
});

const legends = (root: ParentNode) =>
  [...root.querySelectorAll(".manage-row > legend")].map((l) => l.textContent);
const field = <T extends HTMLElement>(root: ParentNode, label: string, nth = 0) => {
  const labels = [...root.querySelectorAll("label")].filter((l) => l.textContent === label);
  const id = labels[nth]?.getAttribute("for") ?? "";
  return root.querySelector(`[id="${id}"]`) as T;
};
/** Types or picks as a person does: React listens for `input`/`change` on the native value setter. */
async function enter(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, "value")?.set;
  await act(async () => {
    setter?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}
const idOfFocus = () => (document.activeElement as HTMLElement | null)?.id ?? "";

describe("schedule editor", () => {
  it("adds, changes and removes rows from the keyboard, focus following, and saves the rows", async () => {
    const saved = school({
      dayAndTime: "Tue 6:00 PM",
      sessions: [{ weekday: 2, start: 1080, end: null, notes: [] }],
    });
    api.calls = mockFetch({
      "PUT /api/schools/7/schedule": () => json({ school: saved }),
      "GET /api/schools/occurrences": () => json({ occurrences: [] }),
      "GET /api/schools/7/occurrences": () => json({ occurrences: [] }),
    });
    const view = await render(<ManageSchool {...props()} />);
    const root = view.container;
    expect(legends(root)).toEqual(["Open mat 1: Sat 10:00 AM (Gi)"]);
    expect(buttonNamed(root, "Save schedule")?.hasAttribute("disabled")).toBe(true);

    await click(buttonNamed(root, "Add an open mat") as Element);
    expect(legends(root)).toEqual(["Open mat 1: Sat 10:00 AM (Gi)", "Open mat 2: Sat (time not listed)"]);
    expect(idOfFocus()).toBe(field(root, "Repeats", 1).id);
    await enter(field<HTMLSelectElement>(root, "Day", 1), "2");
    await enter(field<HTMLInputElement>(root, "Start", 1), "18:00");
    expect(legends(root)[1]).toBe("Open mat 2: Tue 6:00 PM");

    await click(buttonNamed(root, "Remove open mat 1") as Element);
    expect(legends(root)).toEqual(["Open mat 1: Tue 6:00 PM"]);
    // Focus goes to the row that took the removed one's place.
    expect(idOfFocus()).toBe(field(root, "Repeats", 0).id);

    api.calls = mockFetch({
      "PUT /api/schools/7/schedule": async () => json({ school: saved }),
      "GET /api/schools/7/occurrences": () => json({ occurrences: [] }),
    });
    const form = root.querySelector(".manage-schedule form") as HTMLFormElement;
    await act(async () => {
      form.requestSubmit();
    });
    await wait(30);
    expect(api.calls.find((c) => c.method === "PUT")?.body).toEqual({
      sessions: [{ weekday: 2, start: 1080, end: null, notes: [] }],
      untimed: [],
    });
    expect(root.textContent).toContain("The listing reads: Tue 6:00 PM");
    expect(buttonNamed(root, "Save schedule")?.hasAttribute("disabled")).toBe(true);
    await view.unmount();
  });

  it("an end before its start is named at its row, and nothing is sent", async () => {
    const view = await render(<ManageSchool {...props()} />);
    const root = view.container;
    await enter(field<HTMLInputElement>(root, "End (optional)"), "09:00");
    expect(root.querySelector(".manage-row .field-error")?.textContent).toBe(
      "An open mat must end after it starts",
    );
    const row = root.querySelector(".manage-row") as HTMLElement;
    expect(row.getAttribute("aria-describedby")).toBe(row.querySelector(".field-error")?.id ?? "none");
    await act(async () => {
      (root.querySelector(".manage-schedule form") as HTMLFormElement).requestSubmit();
    });
    expect(api.calls.filter((c) => c.method === "PUT")).toEqual([]);
    expect(idOfFocus()).toBe(field(root, "Repeats").id);
    await view.unmount();
  });

  it("pasted text shows the parser's reading and flags, and fills the rows for the owner to check", async () => {
    const view = await render(<ManageSchool {...props()} />);
    const root = view.container;
    await enter(
      field<HTMLTextAreaElement>(root, "Schedule text"),
      "Sat 11-1; 1st Sun 10am (No-Gi); every other Friday 7pm",
    );
    await wait(300);
    const preview = root.querySelector(".schedule-preview") as HTMLElement;
    expect(preview.textContent).toContain("Sat 11:00 AM–1:00 PM");
    expect(preview.textContent).toContain("am or pm is not written");
    await click(buttonNamed(root, "Fill the rows from this text") as Element);
    expect(legends(root)).toEqual([
      "Open mat 1: Sat 11:00 AM–1:00 PM",
      "Open mat 2: 1st Sun 10:00 AM (No-Gi)",
    ]);
    const filled = root.querySelector(".manage-filled")?.textContent ?? "";
    expect(filled).toContain("2 open mats filled from the text. Check them, then save.");
    expect(filled).toContain("Not read: “every other Friday 7pm”");
    expect(filled).toContain("am or pm is not written");
    expect((document.activeElement as HTMLElement).textContent).toBe("Open mats (2)");
    // Nothing is sent until the owner saves.
    expect(api.calls.filter((c) => c.method !== "GET")).toEqual([]);
    await view.unmount();
  });
});

describe("next four weeks", () => {
  it("Cancel asks the reason and sends it; a cancelled one offers Restore with its exception", async () => {
    const cancelled = school({
      exceptions: [{ id: 41, date: "2026-11-28", startMinute: 600, reason: "Tournament" }],
    });
    const listed = [
      occurrence("2026-11-21"),
      occurrence("2026-11-28", { status: "cancelled", reason: "Tournament" }),
    ];
    api.calls = mockFetch({
      "POST /api/schools/7/exceptions": () => json({ id: 42 }, 201),
      "GET /api/schools/7": () => json(cancelled),
      "GET /api/schools/7/occurrences": () => json({ occurrences: listed }),
      "DELETE /api/schools/7/exceptions/41": () => json({}),
    });
    const view = await render(<ManageSchool {...props({ school: cancelled, occurrences: listed })} />);
    const root = view.container;
    await click(buttonNamed(root, "Cancel: Sat, Nov 21, 10:00 AM") as Element);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.querySelector("h2")?.textContent).toBe("Cancel an open mat");
    expect(idOfFocus()).toBe(field(dialog, "Reason").id);
    await enter(field<HTMLTextAreaElement>(dialog, "Reason"), "Gym closed for a seminar");
    await act(async () => {
      (dialog.querySelector("form") as HTMLFormElement).requestSubmit();
    });
    await wait(30);
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      date: "2026-11-21",
      startMinute: 600,
      reason: "Gym closed for a seminar",
    });
    await click(buttonNamed(root, "Restore: Sat, Nov 28, 10:00 AM") as Element);
    await wait(30);
    expect(api.calls.some((c) => c.method === "DELETE" && c.url === "/api/schools/7/exceptions/41")).toBe(
      true,
    );
    await view.unmount();
  });
});

describe("the page's markup", () => {
  it("passes axe, with a row invalid and a dialog open", async () => {
    const view = await render(<ManageSchool {...props()} />);
    const root = view.container;
    await enter(field<HTMLInputElement>(root, "End (optional)"), "09:00");
    await expectAxeClean(root);
    await click(buttonNamed(root, "Move: Sat, Nov 21, 10:00 AM") as Element);
    await expectAxeClean(document.querySelector("dialog") as Element);
    await view.unmount();
  });

  it("hydrates to the server's HTML in a browser zone far from UTC, asking the API only for the listing's activity", async () => {
    const ui = <ManageSchool {...props({ school: school({ exceptions: [] }) })} />;
    const { before, after, logged } = await hydratesInNewYork(ui);
    expect(logged).toEqual([]);
    // The activity (weekly counts, history) loads after hydration; everything else is the page's.
    expect(withoutActivity(after)).toBe(withoutActivity(before));
    expect(api.calls.map((c) => `${c.method} ${c.url.split("?")[0]}`).sort()).toEqual([
      "GET /api/schools/7/history",
      "GET /api/schools/7/stats",
    ]);
  });
});

/** The markup less the listing-activity section, which fills in from its own requests. */
function withoutActivity(html: string): string {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  holder.querySelector(".listing-activity")?.remove();
  return holder.innerHTML;
}
