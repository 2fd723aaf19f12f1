/**
 * Suggested visitor rules (issue 21) on the admin's Feedback Dashboard and the manage page's
 * feedback: each item shows the suggestion, and the correction dialog's rule fields start from
 * the school's rules with the suggestion on top, checked before anything is sent.
 */
import { describe, expect, it } from "bun:test";
import { act } from "react";
import type { SchoolFeedbackItem } from "../../common/schemas/feedback";
import { visitorRuleTexts } from "../../common/schemas/visitor-rules";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { OwnerFeedbackPanel } from "../manage/OwnerFeedbackPanel";
import { buttonNamed, jsonResponse as json, mockFetch, withMockedFetch } from "../posts/test-fixtures";
import { AdminDashboardView } from "./AdminDashboardView";
import type { AdminDashboardProps, FeedbackEntry } from "./types";

withDom();
const api = withMockedFetch();

const school = { matFee: 15, attire: "gi", kids: "allowed", minAge: 10 } as const;
const suggestion = { attire: "nogi", level: "beginners", loanerGi: false } as const;
const item: SchoolFeedbackItem = {
  id: 5,
  schoolId: 40,
  communityNotes: null,
  privateComments: null,
  visitorRules: suggestion,
  schoolVisitorRules: school,
  submittedAt: "2026-11-02T18:30:00.000Z",
  status: "open",
  schoolName: "Austin BJJ",
  schoolSlug: "austin-bjj",
  address: "1 Main St, Austin, TX",
  city: "Austin",
  dayAndTime: "Sat 10am",
  website: "https://austin.example/",
};
/** How the suggestion reads in a list. */
const SHOWN = [visitorRuleTexts.nogi, visitorRuleTexts.beginners, "No loaner gi"];
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

const dialog = () => document.querySelector("dialog") as HTMLDialogElement;
const field = <T extends HTMLElement>(label: string) => {
  const el = [...dialog().querySelectorAll("label")].find((l) => l.textContent === label);
  return (el ? dialog().querySelector(`[id="${el.htmlFor}"]`) : null) as T | null;
};
async function enter(el: HTMLElement | null, value: string) {
  if (!el) throw new Error("no such field");
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, "value")?.set;
  await act(async () => {
    setter?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}
const lines = (root: ParentNode) =>
  [...root.querySelectorAll(".suggested-rules li")].map((li) => li.textContent);
const posts = () => api.calls.filter((c) => c.method === "POST");
const submit = () => click(dialog().querySelector("button[type=submit]") as HTMLButtonElement);

describe("suggested visitor rules in the feedback lists", () => {
  it("the dashboard shows the suggestion; the dialog starts from the school's rules with it on top and applies them", async () => {
    api.calls = mockFetch({
      "POST /api/admin/feedback/5/apply": () => json({ id: 5, status: "applied" }),
      "GET /api/feedback": () => json([{ ...item, status: "applied" }]),
    });
    const view = await render(<AdminDashboardView {...props([item])} />);
    const card = view.container.querySelector(".admin-feedback-list > li") as HTMLElement;
    expect(lines(card)).toEqual(SHOWN);
    await click(buttonNamed(card, "Correct school") as HTMLButtonElement);
    expect(dialog().querySelector("fieldset legend")?.textContent).toBe("Visitor rules");
    expect(lines(dialog().querySelector(".feedback-correct-notes") as Element)).toEqual(SHOWN);
    // The school's fee and kids, the suggestion's attire, level and loaner gi.
    expect(field<HTMLSelectElement>("Mat fee")?.value).toBe("amount");
    expect(field<HTMLInputElement>("Mat fee in US dollars")?.value).toBe("15");
    expect(field<HTMLSelectElement>("Gi or No-Gi")?.value).toBe("nogi");
    expect(field<HTMLSelectElement>("Level")?.value).toBe("beginners");
    expect(field<HTMLInputElement>("Youngest age welcome (optional)")?.value).toBe("10");
    expect(field<HTMLSelectElement>("Loaner gi")?.value).toBe("no");
    await expectAxeClean(dialog());
    await enter(field("Visitors"), "welcome");
    await submit();
    await wait(30);
    expect(posts()).toEqual([
      {
        method: "POST",
        url: "/api/admin/feedback/5/apply",
        body: {
          gym: "Austin BJJ",
          address: "1 Main St, Austin, TX",
          dayAndTime: "Sat 10am",
          link: "https://austin.example/",
          publishNote: false,
          visitorRules: {
            matFee: 15,
            attire: "nogi",
            level: "beginners",
            kids: "allowed",
            minAge: 10,
            visitors: "welcome",
            loanerGi: false,
          },
        },
      },
    ]);
    await view.unmount();
  });

  it("a bad rule in the dialog is named at its field, with focus there, and nothing is sent", async () => {
    api.calls = mockFetch({});
    const view = await render(<AdminDashboardView {...props([item])} />);
    const card = view.container.querySelector(".admin-feedback-list > li") as HTMLElement;
    await click(buttonNamed(card, "Correct school") as HTMLButtonElement);
    const amount = field<HTMLInputElement>("Mat fee in US dollars");
    await enter(amount, "501");
    await submit();
    expect(posts()).toEqual([]);
    expect(amount?.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(amount?.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      visitorRuleTexts.feeInvalid,
    );
    expect(document.activeElement).toBe(amount);
    await expectAxeClean(dialog());
    await view.unmount();
  });

  it("without a suggestion the dialog has no rule fields and sends none", async () => {
    const view = await render(<AdminDashboardView {...props([{ ...item, visitorRules: null }])} />);
    const card = view.container.querySelector(".admin-feedback-list > li") as HTMLElement;
    expect(card.querySelector(".suggested-rules")).toBeNull();
    await click(buttonNamed(card, "Correct school") as HTMLButtonElement);
    expect(dialog().querySelector("fieldset")).toBeNull();
    await view.unmount();
  });

  it("an owner's list shows the suggestion and applies it through the school's feedback API", async () => {
    api.calls = mockFetch({
      "POST /api/schools/40/feedback/5/apply": () => json({ id: 5, status: "applied" }),
      "GET /api/schools/40/feedback": () => json({ feedback: [item] }),
      "GET /api/schools/40": () => json({}),
    });
    const view = await render(<OwnerFeedbackPanel schoolId={40} initial={[item]} />);
    expect(lines(view.container)).toEqual(SHOWN);
    await expectAxeClean(view.container);
    await click(buttonNamed(view.container, "Apply") as HTMLButtonElement);
    expect(field<HTMLSelectElement>("Gi or No-Gi")?.value).toBe("nogi");
    // An owner never sees private comments, here or in the dialog.
    expect(dialog().textContent).not.toContain("Private comments");
    await submit();
    await wait(30);
    expect(posts().map((c) => [c.url, (c.body as { visitorRules: unknown }).visitorRules])).toEqual([
      [
        "/api/schools/40/feedback/5/apply",
        { matFee: 15, attire: "nogi", level: "beginners", kids: "allowed", minAge: 10, loanerGi: false },
      ],
    ]);
    await view.unmount();
  });
});
