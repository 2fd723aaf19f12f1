import { describe, expect, it } from "bun:test";
import { reportMessages } from "../../common/schemas/reports";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import {
  buttonNamed,
  deferred,
  jsonResponse,
  mockFetch,
  toastTexts,
  withMockedFetch,
} from "../posts/test-fixtures";
import { AdminDashboardView } from "./AdminDashboardView";
import type { AdminDashboardProps, AdminReportView, StalePage, StaleSchool } from "./types";

withDom();

const api = withMockedFetch();
const json = jsonResponse;

function report(id: number, over: Partial<AdminReportView> = {}): AdminReportView {
  return {
    id,
    kind: "post",
    subjectId: 70 + id,
    reason: `reason ${id}`,
    status: "open",
    createdAt: "2026-11-04T08:15:00.000Z",
    reporter: { id: 3, username: "ana" },
    reportedUser: { id: 9, username: "bo" },
    decidedBy: null,
    decidedAt: null,
    content: { kind: "post", content: `post text ${id}`, photos: [], visibility: "Public" },
    ...over,
  };
}

const stalePage = (kind: StalePage["kind"], schools: StaleSchool[], nextOffset: number | null = null) => ({
  kind,
  schools,
  total: schools.length + (nextOffset === null ? 0 : 1),
  nextOffset,
});
const school = (id: number, over: Partial<StaleSchool> = {}): StaleSchool => ({
  id,
  slug: `gym-${id}`,
  gym: `Gym ${id}`,
  city: "Austin",
  state: "TX",
  lastConfirmedAt: null,
  unparsed: [],
  dayAndTime: "Sat 10am",
  checks: [],
  ...over,
});

const props = (over: Partial<AdminDashboardProps> = {}): AdminDashboardProps => ({
  submissions: [],
  feedback: [],
  audit: { entries: [], nextBeforeId: null },
  reports: [],
  stale: { flagged: stalePage("flagged", []), unconfirmed: stalePage("unconfirmed", []) },
  ...over,
});

const reportsPanel = (root: ParentNode) => root.querySelector("#panel-reports") as HTMLElement;
const reportTitles = (root: ParentNode) =>
  [...reportsPanel(root).querySelectorAll(".admin-report h3")].map((h) => h.textContent);

describe("Reports", () => {
  it("shows each open report: what, by whom and why, when, and the reported member; no request", async () => {
    const view = await render(
      <AdminDashboardView
        {...props({
          reports: [
            report(1),
            report(2, {
              kind: "message",
              content: { kind: "message", body: "rude message", conversationId: 12 },
            }),
            report(3, {
              kind: "profile",
              content: {
                kind: "profile",
                username: "bo",
                aboutMe: "spam link",
                city: null,
                homeGym: null,
                profilePhoto: null,
              },
            }),
            report(4, { status: "dismissed" }),
          ],
        })}
      />,
    );
    const panel = reportsPanel(view.container);
    expect(panel.querySelector("h2")?.textContent).toBe("Open reports (3)");
    expect(reportTitles(view.container)).toEqual(["Post by @bo", "Message by @bo", "Profile by @bo"]);
    const [post, message, profile] = [...panel.querySelectorAll(".admin-report")] as HTMLElement[];
    expect(post?.querySelector(".admin-reported")?.textContent).toBe("post text 1");
    expect(post?.textContent).toContain("reason 1");
    expect(post?.textContent).toContain("Nov 4, 2026");
    expect(post?.querySelector('a[href="/users/3"]')?.textContent).toBe("@ana");
    expect(post?.querySelector('a[href="/users/9"]')?.textContent).toBe("@bo");
    expect(message?.querySelector(".admin-reported")?.textContent).toBe("rude message");
    expect(message?.textContent).toContain("A direct message, in conversation #12");
    expect(message?.querySelector('a[href^="/messages"]')).toBeNull();
    expect(profile?.textContent).toContain("spam link");
    expect(panel.textContent).not.toContain("reason 4");
    expect(api.calls).toEqual([]);
    await view.unmount();
  });

  it("asks before removing; removing takes the report out, toasts and asks for the audit log again", async () => {
    api.calls = mockFetch({
      "POST /api/admin/reports/1/remove": () => json({ ...report(1), status: "removed" }),
      "GET /api/admin/audit": () => json({ entries: [], nextBeforeId: null }),
    });
    const view = await render(<AdminDashboardView {...props({ reports: [report(1), report(2)] })} />);
    const first = reportsPanel(view.container).querySelector(".admin-report") as HTMLElement;
    await click(buttonNamed(first, "Remove content") as HTMLButtonElement);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector("h2")?.textContent).toBe("Remove this post?");
    expect(api.calls).toEqual([]);
    await click(buttonNamed(dialog, "Remove content") as HTMLButtonElement);
    await wait(30);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain("POST /api/admin/reports/1/remove");
    expect(api.calls.map((c) => c.url)).toContain("/api/admin/audit?limit=20");
    expect(reportTitles(view.container)).toEqual(["Post by @bo"]);
    expect(reportsPanel(view.container).textContent).toContain("reason 2");
    expect(toastTexts().join(" ")).toContain("Content removed");
    await view.unmount();
  });

  it("Cancel in the confirmation removes nothing", async () => {
    const view = await render(<AdminDashboardView {...props({ reports: [report(1)] })} />);
    const first = reportsPanel(view.container).querySelector(".admin-report") as HTMLElement;
    await click(buttonNamed(first, "Remove content") as HTMLButtonElement);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    await click(buttonNamed(dialog, "Cancel") as HTMLButtonElement);
    await wait(10);
    expect(api.calls).toEqual([]);
    expect(reportTitles(view.container)).toEqual(["Post by @bo"]);
    await view.unmount();
  });

  it("removing a post settles the other open reports about it too", async () => {
    mockFetch({ "POST /api/admin/reports/1/remove": () => json({ ...report(1), status: "removed" }) });
    const twin = report(2, { subjectId: 71, reporter: { id: 4, username: "cy" } });
    const view = await render(<AdminDashboardView {...props({ reports: [report(1), twin, report(3)] })} />);
    const first = reportsPanel(view.container).querySelector(".admin-report") as HTMLElement;
    await click(buttonNamed(first, "Remove content") as HTMLButtonElement);
    await click(
      buttonNamed(document.querySelector("dialog") as HTMLElement, "Remove content") as HTMLElement,
    );
    await wait(30);
    expect(reportsPanel(view.container).textContent).not.toContain("reason 2");
    expect(reportsPanel(view.container).textContent).toContain("reason 3");
    await view.unmount();
  });

  it("dismiss sends at once; a 409 toasts the server's message and keeps the report", async () => {
    api.calls = mockFetch({
      "POST /api/admin/reports/1/dismiss": () => json({ message: reportMessages.alreadyDecided }, 409),
      "POST /api/admin/reports/2/dismiss": () => json({ ...report(2), status: "dismissed" }),
    });
    const view = await render(<AdminDashboardView {...props({ reports: [report(1), report(2)] })} />);
    const items = () => [...reportsPanel(view.container).querySelectorAll(".admin-report")] as HTMLElement[];
    await click(buttonNamed(items()[0] as HTMLElement, "Dismiss") as HTMLButtonElement);
    await wait(30);
    expect(toastTexts().join(" ")).toContain(reportMessages.alreadyDecided);
    expect(items()).toHaveLength(2);
    await click(buttonNamed(items()[1] as HTMLElement, "Dismiss") as HTMLButtonElement);
    await wait(30);
    expect(toastTexts().join(" ")).toContain("Report dismissed");
    expect(items()).toHaveLength(1);
    expect(reportsPanel(view.container).querySelector("h2")?.textContent).toBe("Open reports (1)");
    await view.unmount();
  });

  it("says it is loading, then the error; and says when there is nothing to review", async () => {
    const answer = deferred<Response>();
    mockFetch({ "GET /api/admin/reports": () => answer.promise });
    const view = await render(<AdminDashboardView {...props({ reports: null })} />);
    expect(reportsPanel(view.container).textContent).toContain("Loading reports...");
    answer.resolve(json({ message: "boom" }, 500));
    await wait(30);
    expect(reportsPanel(view.container).querySelector('[role="alert"]')?.textContent).toBe(
      "Error loading reports: boom",
    );
    await view.unmount();
    const empty = await render(<AdminDashboardView {...props()} />);
    expect(reportsPanel(empty.container).textContent).toContain("No open reports. Nothing to review.");
    await empty.unmount();
  });
});

const stalePanel = (root: ParentNode) => root.querySelector("#panel-stale") as HTMLElement;

describe("Stale listings", () => {
  it("lists the flagged schedules first with their lines, then the unconfirmed, each linked", async () => {
    const view = await render(
      <AdminDashboardView
        {...props({
          stale: {
            flagged: stalePage("flagged", [
              school(5, { unparsed: ["sometimes on Fridays"], lastConfirmedAt: "2026-10-01T10:00:00.000Z" }),
            ]),
            unconfirmed: stalePage("unconfirmed", [
              school(6),
              school(7, { lastConfirmedAt: "2026-06-01T10:00:00.000Z" }),
            ]),
          },
        })}
      />,
    );
    const panel = stalePanel(view.container);
    const sections = [...panel.querySelectorAll("section.admin-stale")] as HTMLElement[];
    expect(sections.map((s) => s.querySelector("h3")?.textContent)).toEqual([
      "Schedules to check (1)",
      "Not confirmed in 90 days (2)",
    ]);
    const flagged = sections[0] as HTMLElement;
    expect(flagged.querySelector('a[href="/schools/gym-5"]')?.textContent).toBe("Gym 5");
    expect(flagged.textContent).toContain("Austin, TX");
    expect(flagged.textContent).toContain("Last confirmed Oct 1, 2026");
    expect(flagged.querySelector(".admin-unparsed")?.textContent).toBe("sometimes on Fridays");
    const rows = [...(sections[1] as HTMLElement).querySelectorAll(".admin-stale-school")];
    expect(rows.map((r) => r.querySelector("a")?.getAttribute("href"))).toEqual([
      "/schools/gym-6",
      "/schools/gym-7",
    ]);
    expect(rows[0]?.textContent).toContain("Never confirmed");
    expect(rows[1]?.textContent).toContain("Last confirmed Jun 1, 2026");
    expect(api.calls).toEqual([]);
    await view.unmount();
  });

  it("loads the next page of a list from its offset", async () => {
    api.calls = mockFetch({
      "GET /api/admin/stale-schools": () =>
        json({ kind: "unconfirmed", schools: [school(8)], total: 2, nextOffset: null }),
    });
    const view = await render(
      <AdminDashboardView
        {...props({
          stale: { flagged: stalePage("flagged", []), unconfirmed: stalePage("unconfirmed", [school(6)], 1) },
        })}
      />,
    );
    const more = buttonNamed(stalePanel(view.container), "Load more not confirmed in 90 days");
    await click(more as HTMLButtonElement);
    await wait(30);
    expect(api.calls.map((c) => c.url)).toEqual([
      "/api/admin/stale-schools?kind=unconfirmed&limit=20&offset=1",
    ]);
    expect(stalePanel(view.container).querySelectorAll(".admin-stale-school")).toHaveLength(2);
    expect(buttonNamed(stalePanel(view.container), "Load more not confirmed in 90 days")).toBeUndefined();
    await view.unmount();
  });

  it("says each list is loading, then the error, and what an empty list means", async () => {
    const answer = deferred<Response>();
    mockFetch({
      "GET /api/admin/stale-schools?kind=flagged&limit=20&offset=0": () => answer.promise,
      "GET /api/admin/stale-schools?kind=unconfirmed&limit=20&offset=0": () =>
        json({ kind: "unconfirmed", schools: [], total: 0, nextOffset: null }),
    });
    const view = await render(
      <AdminDashboardView {...props({ stale: { flagged: null, unconfirmed: null } })} />,
    );
    expect(stalePanel(view.container).textContent).toContain("Loading flagged schedules...");
    await wait(30);
    expect(stalePanel(view.container).textContent).toContain(
      "Every other school was confirmed by a check-in in the last 90 days.",
    );
    answer.resolve(json({ message: "boom" }, 500));
    await wait(30);
    expect(stalePanel(view.container).querySelector('[role="alert"]')?.textContent).toBe(
      "Error loading stale listings: boom",
    );
    await view.unmount();
  });
});
