import { describe, expect, it } from "bun:test";
import { act } from "react";
import { feedbackMessages } from "../../common/schemas/feedback";
import { visitorRuleTexts } from "../../common/schemas/visitor-rules";
import { jsonResponse as json, mockFetch, withMockedFetch } from "../posts/test-fixtures";
import { FeedbackDialog } from "./FeedbackDialog";
import { expectAxeClean } from "./test-axe";
import { withDom } from "./test-dom";
import { click, render, wait } from "./test-render";

withDom();
const api = withMockedFetch();

const dialog = () => document.querySelector("dialog") as HTMLDialogElement;
const group = () => dialog().querySelector("details") as HTMLDetailsElement;
/** The field a label names, by the label's `for`. */
const field = <T extends HTMLElement>(label: string) => {
  const el = [...dialog().querySelectorAll("label")].find((l) => l.textContent === label);
  return (el ? dialog().querySelector(`[id="${el.htmlFor}"]`) : null) as T | null;
};
/** Types or picks as a person does: React listens for `input`/`change` on the native value setter. */
async function enter(el: HTMLElement | null, value: string) {
  if (!el) throw new Error("no such field");
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, "value")?.set;
  await act(async () => {
    setter?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}
const submit = () => click(dialog().querySelector("button[type=submit]") as HTMLButtonElement);
const open = () => render(<FeedbackDialog schoolId={7} gym="Alpha BJJ" onClose={() => {}} />);
const posted = () => api.calls.filter((c) => c.method === "POST").map((c) => c.body);

describe("FeedbackDialog: suggesting visitor rules", () => {
  it("folds the rules under 'What should visitors know?', each field labelled, axe-clean folded and open", async () => {
    const view = await open();
    expect(group().open).toBe(false);
    const summary = group().querySelector("summary") as HTMLElement;
    expect(summary.textContent).toBe("What should visitors know? (optional)");
    expect(group().querySelector("fieldset")?.getAttribute("aria-labelledby")).toBe(summary.id);
    await expectAxeClean(dialog());
    await act(async () => {
      group().open = true;
    });
    const labels = [...group().querySelectorAll("label")].map((l) => l.textContent);
    expect(labels).toEqual([
      "Mat fee",
      "Gi or No-Gi",
      "Level",
      "Women only",
      "Kids",
      "Visitors",
      "Loaner gi",
      "Waiver link to sign ahead (optional)",
    ]);
    for (const label of group().querySelectorAll("label"))
      expect(field(label.textContent ?? "")).not.toBeNull();
    // Nothing is said until the sender says it.
    expect(field<HTMLSelectElement>("Gi or No-Gi")?.value).toBe("");
    await expectAxeClean(dialog());
    await view.unmount();
  });

  it("sends the suggestion with the note, as the server reads it", async () => {
    api.calls = mockFetch({ "POST /api/feedback": () => json({ message: feedbackMessages.success }, 201) });
    const view = await open();
    await enter(field("Community notes (public)"), "No-Gi on Sundays now");
    await enter(field("Gi or No-Gi"), "nogi");
    await enter(field("Mat fee"), "free");
    await enter(field("Kids"), "allowed");
    await enter(field("Youngest age welcome (optional)"), "8");
    await enter(field("Loaner gi"), "no");
    await submit();
    await wait(20);
    expect(posted()).toEqual([
      {
        schoolId: 7,
        communityNotes: "No-Gi on Sundays now",
        privateComments: null,
        visitorRules: { matFee: 0, attire: "nogi", kids: "allowed", minAge: 8, loanerGi: false },
      },
    ]);
    expect(dialog().querySelector('[role="status"]')?.textContent).toBe(feedbackMessages.success);
    await view.unmount();
  });

  it("a suggestion alone is enough; without one, none is sent", async () => {
    api.calls = mockFetch({ "POST /api/feedback": () => json({ message: feedbackMessages.success }, 201) });
    let view = await open();
    await enter(field("Visitors"), "welcome");
    await submit();
    await wait(20);
    expect(posted()).toEqual([
      { schoolId: 7, communityNotes: null, privateComments: null, visitorRules: { visitors: "welcome" } },
    ]);
    await view.unmount();
    api.calls = mockFetch({ "POST /api/feedback": () => json({ message: feedbackMessages.success }, 201) });
    view = await open();
    await submit();
    expect(dialog().querySelector('[role="status"]')?.textContent).toBe(feedbackMessages.empty);
    await enter(field("Private comments (visible to admins only)"), "Hard to reach");
    await submit();
    await wait(20);
    expect(posted()).toEqual([
      { schoolId: 7, communityNotes: null, privateComments: "Hard to reach", visitorRules: null },
    ]);
    await view.unmount();
  });

  it("a bad rule opens the group, shows the rules' message at its field with focus there, and sends nothing", async () => {
    api.calls = mockFetch({});
    const view = await open();
    await enter(field("Community notes (public)"), "Fee went up");
    await enter(field("Mat fee"), "amount");
    const amount = field<HTMLInputElement>("Mat fee in US dollars");
    await enter(amount, "600");
    await enter(field("Waiver link to sign ahead (optional)"), "javascript:alert(1)");
    await submit();
    expect(posted()).toEqual([]);
    expect(group().open).toBe(true);
    expect(amount?.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(amount?.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      visitorRuleTexts.feeInvalid,
    );
    expect(group().textContent).toContain(visitorRuleTexts.waiverInvalid);
    expect(document.activeElement).toBe(amount);
    await expectAxeClean(dialog());
    // Put right, it goes.
    api.calls = mockFetch({ "POST /api/feedback": () => json({ message: feedbackMessages.success }, 201) });
    await enter(amount, "12.50");
    await enter(field("Waiver link to sign ahead (optional)"), "https://alpha.example.com/waiver");
    await submit();
    await wait(20);
    expect(posted()).toEqual([
      {
        schoolId: 7,
        communityNotes: "Fee went up",
        privateComments: null,
        visitorRules: { matFee: 12.5, waiverUrl: "https://alpha.example.com/waiver" },
      },
    ]);
    expect(amount?.getAttribute("aria-invalid")).toBeNull();
    await view.unmount();
  });
});
