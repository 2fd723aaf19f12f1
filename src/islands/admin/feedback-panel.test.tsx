import { describe, expect, it } from "bun:test";
import { act } from "react";
import { feedbackReviewMessages } from "../../common/schemas/feedback";
import { schoolMessages } from "../../common/schemas/school";
import { submissionMessages } from "../../common/schemas/submission";
import { withDom } from "../home/test-dom";
import { click, render, typeInto, wait } from "../home/test-render";
import { buttonNamed, jsonResponse, mockFetch, toastTexts, withMockedFetch } from "../posts/test-fixtures";
import { AdminDashboardView } from "./AdminDashboardView";
import type { AdminDashboardProps, FeedbackEntry } from "./types";

withDom();

const api = withMockedFetch();
const json = jsonResponse;

const entry = (id: number, over: Partial<FeedbackEntry> = {}): FeedbackEntry => ({
  id,
  schoolId: 40,
  communityNotes: "Open mat is on Sundays now",
  privateComments: "Owner told me",
  submittedAt: "2026-11-02T18:30:00.000Z",
  schoolName: "Austin BJJ",
  address: "1 Main St, Austin, TX",
  city: "Austin",
  status: "open",
  decidedAt: null,
  decidedBy: null,
  notePublished: false,
  schoolSlug: "austin-bjj",
  dayAndTime: "Sat 10am",
  website: "https://austin.example/",
  ...over,
});

const props = (feedback: FeedbackEntry[]): AdminDashboardProps => ({
  submissions: [],
  feedback,
  audit: { entries: [], nextBeforeId: null },
  reports: [],
  stale: {
    flagged: { kind: "flagged", schools: [], total: 0, nextOffset: null },
    unconfirmed: { kind: "unconfirmed", schools: [], total: 0, nextOffset: null },
  },
});

const items = (root: ParentNode) => [...root.querySelectorAll(".admin-feedback-list > li")] as HTMLElement[];
const posts = () => api.calls.filter((c) => c.method === "POST");

describe("Feedback Dashboard review", () => {
  it("shows each item's state; only open items offer 'Correct school' and 'Dismiss'", async () => {
    const view = await render(
      <AdminDashboardView
        {...props([
          entry(1),
          entry(2, {
            status: "applied",
            decidedAt: "2026-11-03T09:00:00.000Z",
            decidedBy: "boss",
            notePublished: true,
          }),
          entry(3, { status: "dismissed", decidedAt: "2026-11-03T09:00:00.000Z", decidedBy: "boss" }),
        ])}
      />,
    );
    const [open, applied, dismissed] = items(view.container);
    expect(open?.querySelector(".feedback-state")?.textContent).toBe("Open");
    expect(buttonNamed(open as HTMLElement, "Correct school")).toBeTruthy();
    expect(buttonNamed(open as HTMLElement, "Dismiss")).toBeTruthy();
    expect(applied?.querySelector(".feedback-state")?.textContent).toBe(
      "Applied as a correction · Nov 3, 2026, 9:00 AM UTC by boss · note published on the school",
    );
    expect(buttonNamed(applied as HTMLElement, "Correct school")).toBeFalsy();
    expect(dismissed?.querySelector(".feedback-state")?.textContent).toContain("Dismissed");
    expect(buttonNamed(dismissed as HTMLElement, "Dismiss")).toBeFalsy();
    expect(api.calls).toEqual([]);
    await view.unmount();
  });

  it("'Correct school' opens a labelled dialog prefilled with the school, the notes beside; it checks the fields, then sends the correction", async () => {
    api.calls = mockFetch({
      "POST /api/admin/feedback/1/apply": () => json({ id: 1, status: "applied" }),
      "GET /api/feedback": () => json([entry(1, { status: "applied" })]),
    });
    const view = await render(<AdminDashboardView {...props([entry(1)])} />);
    const opener = buttonNamed(
      items(view.container)[0] as HTMLElement,
      "Correct school",
    ) as HTMLButtonElement;
    opener.focus();
    await click(opener);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute("aria-labelledby")).toBe(dialog.querySelector("h2")?.id as string);
    expect(dialog.querySelector("h2")?.textContent).toBe("Correct school");
    const labels = [...dialog.querySelectorAll("label")].map((l) => l.textContent);
    expect(labels).toEqual([
      "Gym",
      "Address",
      "Day and time",
      "Link",
      "Publish the public note on the school as a community note",
    ]);
    for (const label of dialog.querySelectorAll("label")) {
      expect(dialog.querySelector(`#${CSS.escape(label.htmlFor)}`)).not.toBeNull();
    }
    const field = (name: string) => dialog.querySelector(`[name=${name}]`) as HTMLInputElement;
    expect(document.activeElement === field("gym")).toBe(true);
    expect(field("gym").value).toBe("Austin BJJ");
    expect(field("address").value).toBe("1 Main St, Austin, TX");
    expect(field("dayAndTime").value).toBe("Sat 10am");
    expect(field("link").value).toBe("https://austin.example/");
    const aside = dialog.querySelector(".feedback-correct-notes")?.textContent ?? "";
    expect(aside).toContain("Open mat is on Sundays now");
    expect(aside).toContain("Owner told me");
    expect(aside).toContain("Admin Only");

    // The open-mat form's own messages, before anything is sent.
    await typeInto(field("gym"), " ");
    await click(dialog.querySelector("button[type=submit]") as HTMLButtonElement);
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe(schoolMessages.gymRequired);
    expect(field("gym").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement === field("gym")).toBe(true);
    expect(posts()).toEqual([]);

    await typeInto(field("gym"), "Austin BJJ Academy");
    await act(async () => {
      const area = field("dayAndTime") as unknown as HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(area, "Sun 9am");
      area.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await click(field("publishNote"));
    await click(dialog.querySelector("button[type=submit]") as HTMLButtonElement);
    await wait(30);
    expect(posts()).toEqual([
      {
        method: "POST",
        url: "/api/admin/feedback/1/apply",
        body: {
          gym: "Austin BJJ Academy",
          address: "1 Main St, Austin, TX",
          dayAndTime: "Sun 9am",
          link: "https://austin.example/",
          publishNote: true,
        },
      },
    ]);
    expect(toastTexts().join(" ")).toContain("School corrected");
    expect(document.querySelector("dialog")).toBeNull();
    expect(items(view.container)[0]?.querySelector(".feedback-state")?.textContent).toBe(
      "Applied as a correction",
    );
    await view.unmount();
  });

  it("keeps the dialog open with the server's text when the address does not geocode; closing hands focus back", async () => {
    const message = submissionMessages.geocodeFailed("Nowhere");
    api.calls = mockFetch({ "POST /api/admin/feedback/1/apply": () => json({ message }, 422) });
    const view = await render(<AdminDashboardView {...props([entry(1)])} />);
    const opener = buttonNamed(
      items(view.container)[0] as HTMLElement,
      "Correct school",
    ) as HTMLButtonElement;
    opener.focus();
    await click(opener);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    await click(dialog.querySelector("button[type=submit]") as HTMLButtonElement);
    await wait(30);
    expect(toastTexts().join(" ")).toContain(message);
    expect(dialog.open).toBe(true);
    // Escape closes a native modal dialog by itself; happy-dom does not, so close it as Escape would.
    await act(async () => dialog.close());
    expect(document.querySelector("dialog")).toBeNull();
    expect(document.activeElement === opener).toBe(true);
    expect(items(view.container)[0]?.querySelector(".feedback-state")?.textContent).toBe("Open");
    await view.unmount();
  });

  it("'Dismiss' dismisses and toasts; a 409 toasts the server's text", async () => {
    api.calls = mockFetch({
      "POST /api/admin/feedback/1/dismiss": () => json({ id: 1, status: "dismissed" }),
      "POST /api/admin/feedback/2/dismiss": () =>
        json({ message: feedbackReviewMessages.alreadyDecided }, 409),
      "GET /api/feedback": () => json([entry(1, { status: "dismissed" }), entry(2)]),
    });
    const view = await render(<AdminDashboardView {...props([entry(1), entry(2)])} />);
    await click(buttonNamed(items(view.container)[0] as HTMLElement, "Dismiss") as HTMLButtonElement);
    await wait(30);
    expect(toastTexts().join(" ")).toContain("Feedback dismissed");
    expect(items(view.container)[0]?.querySelector(".feedback-state")?.textContent).toBe("Dismissed");
    await click(buttonNamed(items(view.container)[1] as HTMLElement, "Dismiss") as HTMLButtonElement);
    await wait(30);
    expect(toastTexts().join(" ")).toContain(feedbackReviewMessages.alreadyDecided);
    await view.unmount();
  });
});
