import { describe, expect, it } from "bun:test";
import { act } from "react";
import { type AdminClaimView, claimTexts } from "../../common/schemas/claims";
import { expectAxeClean } from "../home/test-axe";
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

const claim = (id: number, over: Partial<AdminClaimView> = {}): AdminClaimView => ({
  id,
  schoolId: 40 + id,
  status: "pending",
  domainMatch: false,
  message: `message ${id}`,
  createdAt: "2026-11-20T12:00:00.000Z",
  decidedAt: null,
  email: `coach${id}@example-gym.com`,
  member: { id: 10 + id, username: `coach${id}` },
  school: {
    id: 40 + id,
    slug: `gym-${id}`,
    gym: `Gym ${id}`,
    city: "Austin",
    state: "TX",
    website: `https://gym-${id}.com`,
  },
  ...over,
});

const tab = (root: ParentNode) => root.querySelector("#tab-claims") as HTMLButtonElement;
const panel = (root: ParentNode) => root.querySelector("#panel-claims") as HTMLElement;
const titles = (root: ParentNode) => [...panel(root).querySelectorAll("h3")].map((h) => h.textContent);

async function openTab(listed: AdminClaimView[], extra: Parameters<typeof mockFetch>[0] = {}) {
  api.calls = mockFetch({
    "GET /api/admin/claims": () => json({ claims: listed }),
    "GET /api/admin/audit": () => json({ entries: [], nextBeforeId: null }),
    ...extra,
  });
  const view = await render(<AdminDashboardView {...props} />);
  expect(api.calls).toEqual([]);
  await click(tab(view.container));
  await wait(30);
  return view;
}

describe("Claims", () => {
  it("asks for nothing until opened, then lists each claim: member, message, school and the match", async () => {
    const view = await openTab([
      claim(1),
      claim(2, { domainMatch: true, message: "", school: { ...claim(2).school, website: null } }),
    ]);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/admin/claims"]);
    expect(panel(view.container).querySelector("h2")?.textContent).toBe("Gym claims (2)");
    expect(titles(view.container)).toEqual(["Gym 1, claimed by @coach1", "Gym 2, claimed by @coach2"]);
    const [first, second] = [...panel(view.container).querySelectorAll(".admin-claim")] as HTMLElement[];
    expect(first?.querySelector('a[href="/users/11"]')?.textContent).toBe("@coach1");
    expect(first?.textContent).toContain("coach1@example-gym.com");
    expect(first?.textContent).toContain("message 1");
    expect(first?.textContent).toContain("Gym 1, Austin, TX");
    expect(first?.querySelector('a[href="https://gym-1.com"]')).not.toBeNull();
    expect(first?.querySelector('a[href="/schools/gym-1"]')?.textContent).toBe("Gym 1");
    expect(first?.textContent).toContain(claimTexts.domainDiffers);
    expect(first?.textContent).toContain("Nov 20, 2026");
    expect(second?.textContent).toContain(claimTexts.domainMatches);
    expect(second?.textContent).toContain("No message.");
    expect(second?.textContent).toContain("No website listed");
    await expectAxeClean(panel(view.container));
    await view.unmount();
  });

  it("says so when nothing waits", async () => {
    const view = await openTab([]);
    expect(panel(view.container).textContent).toContain("No claims waiting. Nothing to review.");
    await view.unmount();
  });

  it("Approve takes the claim out, toasts, asks for the audit log again and puts focus on the heading", async () => {
    const view = await openTab([claim(1), claim(2)], {
      "POST /api/admin/claims/1/approve": () => json({ ...claim(1), status: "approved" }),
    });
    const first = panel(view.container).querySelector(".admin-claim") as HTMLElement;
    (buttonNamed(first, "Approve") as HTMLButtonElement).focus();
    await click(buttonNamed(first, "Approve") as HTMLButtonElement);
    await wait(30);
    expect(titles(view.container)).toEqual(["Gym 2, claimed by @coach2"]);
    expect(toastTexts()).toContain("Claim approved@coach1 for Gym 1");
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain("GET /api/admin/audit?limit=20");
    expect(document.activeElement?.id).toBe("admin-claims-title");
    await view.unmount();
  });

  it("Reject asks for an optional reason in a labelled dialog, sends it, and the claim leaves", async () => {
    const view = await openTab([claim(1)], {
      "POST /api/admin/claims/1/reject": () => json({ ...claim(1), status: "rejected" }),
    });
    const reject = buttonNamed(panel(view.container), "Reject") as HTMLButtonElement;
    reject.focus();
    await click(reject);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    const area = dialog.querySelector("textarea") as HTMLTextAreaElement;
    expect(document.activeElement).toBe(area);
    expect(dialog.querySelector(`label[for="${area.id}"]`)?.textContent).toBe(
      "Reason (optional, told to the member)",
    );
    await expectAxeClean(dialog);
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
    await act(async () => {
      setter?.call(area, "  Not on the staff list  ");
      area.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await click(buttonNamed(dialog, "Reject") as HTMLButtonElement);
    await wait(30);
    expect(api.calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/admin/claims/1/reject",
      body: { reason: "Not on the staff list" },
    });
    expect(document.querySelector("dialog")).toBeNull();
    expect(titles(view.container)).toEqual([]);
    expect(toastTexts()).toContain("Claim rejected@coach1 for Gym 1");
    await view.unmount();
  });

  it("a refusal toasts the server's words and keeps the claim", async () => {
    const view = await openTab([claim(1)], {
      "POST /api/admin/claims/1/approve": () => json({ message: "Claim not found" }, 404),
    });
    await click(buttonNamed(panel(view.container), "Approve") as HTMLButtonElement);
    await wait(30);
    expect(toastTexts()).toContain("ErrorClaim not found");
    expect(titles(view.container)).toEqual(["Gym 1, claimed by @coach1"]);
    await view.unmount();
  });
});
