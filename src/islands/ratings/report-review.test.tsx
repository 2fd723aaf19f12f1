import { describe, expect, it } from "bun:test";
import { AdminDashboardView } from "../admin/AdminDashboardView";
import type { AdminDashboardProps, AdminReportView } from "../admin/types";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, render } from "../home/test-render";
import { buttonNamed, withMockedFetch } from "../posts/test-fixtures";

withDom();
const api = withMockedFetch();

const reported: AdminReportView = {
  id: 5,
  kind: "review",
  subjectId: 40,
  reason: "Insults the coach",
  status: "open",
  createdAt: "2026-11-04T08:15:00.000Z",
  reporter: { id: 3, username: "ana" },
  reportedUser: { id: 9, username: "bo" },
  decidedBy: null,
  decidedAt: null,
  content: {
    kind: "review",
    stars: 1,
    review: "The coach is a clown",
    ownerReply: "Sorry you felt so.",
    school: { id: 7, gym: "Alpha BJJ", slug: "alpha-bjj" },
  },
};

const props: AdminDashboardProps = {
  submissions: [],
  feedback: [],
  audit: { entries: [], nextBeforeId: null },
  reports: [reported],
  stale: {
    flagged: { kind: "flagged", schools: [], total: 0, nextOffset: null },
    unconfirmed: { kind: "unconfirmed", schools: [], total: 0, nextOffset: null },
  },
};

describe("a reported review in the admin's queue (issue 22)", () => {
  it("shows the stars, the gym (linked), the text and the gym's answer; removing says what goes", async () => {
    const view = await render(<AdminDashboardView {...props} />);
    const item = view.container.querySelector("#panel-reports .admin-report") as HTMLElement;
    expect(item.querySelector("h3")?.textContent).toBe("Review by @bo");
    expect(item.textContent).toContain("1 of 5 stars for Alpha BJJ");
    expect(item.querySelector('a[href="/schools/alpha-bjj"]')?.textContent).toBe("Alpha BJJ");
    expect(item.querySelector(".admin-reported")?.textContent).toBe("The coach is a clown");
    expect(item.textContent).toContain("The gym's answer: Sorry you felt so.");
    await click(buttonNamed(item, "Remove content") as HTMLButtonElement);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.querySelector("h2")?.textContent).toBe("Remove this review?");
    expect(dialog.textContent).toContain("the gym's rating is counted again without it");
    await expectAxeClean(dialog);
    expect(api.calls).toEqual([]);
    await view.unmount();
  });
});
