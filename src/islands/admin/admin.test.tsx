import { describe, expect, it } from "bun:test";
import { act } from "react";
import { submissionMessages } from "../../common/schemas/submission";
import { withDom } from "../home/test-dom";
import { click, press, render, wait } from "../home/test-render";
import {
  buttonNamed,
  deferred,
  jsonResponse,
  mockFetch,
  toastTexts,
  withMockedFetch,
} from "../posts/test-fixtures";
import { AdminDashboardView } from "./AdminDashboardView";
import type { AdminDashboardProps, AuditEntry, FeedbackEntry, PendingSubmission } from "./types";

withDom();

const api = withMockedFetch();
const json = jsonResponse;

function submission(id: number, over: Partial<PendingSubmission> = {}): PendingSubmission {
  return {
    id,
    submitterId: 3,
    submitterName: "casey",
    gym: `Gym ${id}`,
    address: "500 W 2nd St, Austin, TX 78701",
    dayAndTime: "Saturday 10am-12pm and sometimes",
    link: null,
    communityNotes: null,
    emailForConfirmation: "sub@example.com",
    latitude: 30.2713,
    longitude: -97.7426,
    city: "Austin",
    state: "TX",
    sessions: [{ weekday: 6, start: 600, end: 720, notes: [] }],
    unparsed: ["sometimes"],
    review: [],
    needsReview: true,
    createdAt: "2026-11-01T10:00:00.000Z",
    duplicates: [
      {
        id: 40,
        slug: "austin-bjj",
        gym: "Austin BJJ",
        address: "1 Main St",
        city: "Austin",
        state: "TX",
        latitude: 30.27,
        longitude: -97.74,
        distanceKm: 0.4,
        reasons: ["nearby"],
      },
    ],
    pendingDuplicates: [],
    ...over,
  };
}

const feedbackEntry: FeedbackEntry = {
  id: 9,
  schoolId: 40,
  communityNotes: "Great rolls",
  privateComments: "Owner asked to change the time",
  submittedAt: "2026-11-02T18:30:00.000Z",
  schoolName: "Austin BJJ",
  address: "1 Main St",
  city: "Austin",
};

const auditEntry = (id: number): AuditEntry => ({
  id,
  actorId: 1,
  actor: "boss",
  action: "approve",
  subjectType: "submission",
  subjectId: id,
  before: { status: "pending" },
  after: { status: "approved" },
  at: "2026-11-03T09:00:00.000Z",
});

const props = (over: Partial<AdminDashboardProps> = {}): AdminDashboardProps => ({
  submissions: [submission(1), submission(2)],
  feedback: [],
  audit: { entries: [], nextBeforeId: null },
  reports: [],
  stale: {
    flagged: { kind: "flagged", schools: [], total: 0, nextOffset: null },
    unconfirmed: { kind: "unconfirmed", schools: [], total: 0, nextOffset: null },
  },
  ...over,
});

const gyms = (root: ParentNode) =>
  [...root.querySelectorAll(".admin-submission h3")].map((h) => h.textContent);

describe("Submissions", () => {
  it("shows the raw text beside the parsed sessions, the flags, the map link and the candidates; no request", async () => {
    const view = await render(<AdminDashboardView {...props()} />);
    const item = view.container.querySelector(".admin-submission") as HTMLElement;
    expect(item.querySelector(".admin-raw")?.textContent).toBe("Saturday 10am-12pm and sometimes");
    expect(item.querySelector(".admin-sessions")?.textContent).toBe("Sat 10:00 AM–12:00 PM");
    expect(item.textContent).toContain("Needs review");
    expect(item.textContent).toContain("Could not read: “sometimes”");
    expect(item.textContent).toContain("sub@example.com");
    expect(
      item.querySelector('a[href^="https://www.openstreetmap.org/?mlat=30.2713&mlon=-97.7426"]'),
    ).not.toBeNull();
    expect(item.querySelector('a[href="/schools/austin-bjj"]')?.textContent).toBe("Austin BJJ");
    expect(item.textContent).toContain("0.4 km away");
    expect(api.calls).toEqual([]);
    await view.unmount();
  });

  it("approve takes the item out of the queue and toasts", async () => {
    mockFetch({ "POST /api/admin/submissions/1/approve": () => json({ id: 1, status: "approved" }) });
    const view = await render(<AdminDashboardView {...props()} />);
    const first = view.container.querySelector(".admin-submission") as HTMLElement;
    await click(buttonNamed(first, "Approve") as HTMLButtonElement);
    await wait(30);
    expect(gyms(view.container)).toEqual(["Gym 2"]);
    expect(toastTexts().join(" ")).toContain("Submission approved");
    expect(document.activeElement?.textContent).toBe("Pending submissions (1)");
    await view.unmount();
  });

  it("a 409 shows the server's message and keeps the item", async () => {
    api.calls = mockFetch({
      "POST /api/admin/submissions/1/approve": () =>
        json({ message: submissionMessages.alreadyDecided }, 409),
    });
    const view = await render(<AdminDashboardView {...props()} />);
    const first = view.container.querySelector(".admin-submission") as HTMLElement;
    await click(buttonNamed(first, "Approve") as HTMLButtonElement);
    await wait(30);
    expect(toastTexts().join(" ")).toContain(submissionMessages.alreadyDecided);
    expect(gyms(view.container)).toEqual(["Gym 1", "Gym 2"]);
    await view.unmount();
  });

  it("reject asks for a reason before sending, then sends it", async () => {
    api.calls = mockFetch({
      "POST /api/admin/submissions/1/reject": () => json({ id: 1, status: "rejected" }),
    });
    const view = await render(<AdminDashboardView {...props()} />);
    const first = view.container.querySelector(".admin-submission") as HTMLElement;
    await click(buttonNamed(first, "Reject") as HTMLButtonElement);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const area = dialog.querySelector("textarea") as HTMLTextAreaElement;
    expect(dialog.querySelector(`label[for="${area.id}"]`)?.textContent).toBe("Reason");
    expect(document.activeElement === area).toBe(true);
    const submit = dialog.querySelector("button[type=submit]") as HTMLButtonElement;
    await click(submit);
    expect(dialog.querySelector('[role="alert"]')?.textContent).toBe("A reason is required");
    expect(api.calls).toEqual([]);
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
    await act(async () => {
      setter?.call(area, "Not an open mat");
      area.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await click(submit);
    await wait(30);
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", url: "/api/admin/submissions/1/reject", body: { reason: "Not an open mat" } },
    ]);
    expect(gyms(view.container)).toEqual(["Gym 2"]);
    expect(toastTexts().join(" ")).toContain("Submission rejected");
    await view.unmount();
  });

  it("edit and approve sends the edited fields; a 422 keeps the dialog open with the server's text", async () => {
    const message = submissionMessages.geocodeFailed("Nowhere");
    api.calls = mockFetch({ "POST /api/admin/submissions/2/approve": () => json({ message }, 422) });
    const view = await render(<AdminDashboardView {...props()} />);
    const second = view.container.querySelectorAll(".admin-submission")[1] as HTMLElement;
    await click(buttonNamed(second, "Edit and approve") as HTMLButtonElement);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    const labels = [...dialog.querySelectorAll("label")].map((l) => l.textContent);
    expect(labels).toEqual(["Gym", "Address", "Day and time", "Link", "Community notes"]);
    const gym = dialog.querySelector("input[name=gym]") as HTMLInputElement;
    expect(document.activeElement === gym).toBe(true);
    await click(dialog.querySelector("button[type=submit]") as HTMLButtonElement);
    await wait(30);
    expect(api.calls[0]?.url).toBe("/api/admin/submissions/2/approve");
    expect((api.calls[0]?.body as { gym?: string } | undefined)?.gym).toBe("Gym 2");
    expect(toastTexts().join(" ")).toContain(message);
    expect(dialog.open).toBe(true);
    await view.unmount();
  });

  it("merge sends the chosen candidate", async () => {
    api.calls = mockFetch({ "POST /api/admin/submissions/1/merge": () => json({ id: 1, status: "merged" }) });
    const view = await render(<AdminDashboardView {...props()} />);
    const first = view.container.querySelector(".admin-submission") as HTMLElement;
    await click(buttonNamed(first, "Merge") as HTMLButtonElement);
    await wait(30);
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", url: "/api/admin/submissions/1/merge", body: { schoolId: 40 } },
    ]);
    expect(gyms(view.container)).toEqual(["Gym 2"]);
    await view.unmount();
  });
});

describe("Tabs", () => {
  it("is a tablist moved with the arrow keys", async () => {
    const view = await render(<AdminDashboardView {...props()} />);
    const tabs = [...view.container.querySelectorAll('[role="tab"]')] as HTMLButtonElement[];
    expect(tabs.map((t) => t.textContent)).toEqual([
      "Submissions",
      "Feedback Dashboard",
      "Reports",
      "Claims",
      "Stale listings",
      "Cancellations",
      "Audit log",
    ]);
    expect(tabs.map((t) => t.getAttribute("aria-selected"))).toEqual([
      "true",
      "false",
      "false",
      "false",
      "false",
      "false",
      "false",
    ]);
    tabs[0]?.focus();
    await press(tabs[0] as HTMLButtonElement, "ArrowRight");
    expect(tabs[1]?.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement === tabs[1]).toBe(true);
    const panel = view.container.querySelector(`#${tabs[1]?.getAttribute("aria-controls")}`) as HTMLElement;
    expect(panel.hidden).toBe(false);
    await press(tabs[1] as HTMLButtonElement, "ArrowLeft");
    await press(tabs[0] as HTMLButtonElement, "ArrowLeft");
    expect(tabs[6]?.getAttribute("aria-selected")).toBe("true");
    await view.unmount();
  });
});

describe("Feedback Dashboard", () => {
  const panelText = (root: ParentNode) => root.querySelector(".admin-feedback")?.textContent ?? "";

  it("says 'Loading feedback...' while it asks, then 'Error loading feedback' when that fails", async () => {
    const answer = deferred<Response>();
    mockFetch({ "GET /api/feedback": () => answer.promise });
    const view = await render(<AdminDashboardView {...props({ feedback: null })} />);
    expect(panelText(view.container)).toContain("Feedback Dashboard");
    expect(panelText(view.container)).toContain("Loading feedback...");
    answer.resolve(json({ message: "boom" }, 500));
    await wait(30);
    expect(panelText(view.container)).toContain("Error loading feedback");
    await view.unmount();
  });

  it("says 'No feedback submitted yet' when there is none", async () => {
    const view = await render(<AdminDashboardView {...props()} />);
    expect(panelText(view.container)).toContain("No feedback submitted yet");
    await view.unmount();
  });

  it("lists each feedback with its school, date, notes, 'Admin Only' comments and ids", async () => {
    const view = await render(<AdminDashboardView {...props({ feedback: [feedbackEntry] })} />);
    const text = panelText(view.container);
    for (const part of [
      "Austin BJJ",
      "1 Main St, Austin",
      "Nov 2, 2026",
      "Great rolls",
      "Admin Only",
      "Owner asked to change the time",
      "Feedback ID: 9",
      "School ID: 40",
    ]) {
      expect(text).toContain(part);
    }
    await view.unmount();
  });
});

describe("Audit log", () => {
  it("shows who, what and the change, and loads more from the last id", async () => {
    api.calls = mockFetch({
      "GET /api/admin/audit": () => json({ entries: [auditEntry(3)], nextBeforeId: null }),
    });
    const view = await render(
      <AdminDashboardView
        {...props({ audit: { entries: [auditEntry(5), auditEntry(4)], nextBeforeId: 4 } })}
      />,
    );
    const list = () => [...view.container.querySelectorAll(".admin-audit-entry")];
    expect(list()).toHaveLength(2);
    expect(list()[0]?.textContent).toContain("boss");
    expect(list()[0]?.textContent).toContain("approve");
    expect(list()[0]?.querySelector(".admin-diff")?.textContent).toContain('"pending"');
    await click(buttonNamed(view.container, "Load more") as HTMLButtonElement);
    await wait(30);
    expect(api.calls.map((c) => c.url)).toEqual(["/api/admin/audit?limit=20&beforeId=4"]);
    expect(list()).toHaveLength(3);
    expect(buttonNamed(view.container, "Load more")).toBeUndefined();
    await view.unmount();
  });
});
