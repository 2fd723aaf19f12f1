import { afterEach, describe, expect, it } from "bun:test";
import { act } from "react";
import { visitorRuleTexts } from "../../common/schemas/visitor-rules";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import {
  buttonNamed,
  jsonResponse as json,
  mockFetch,
  toastTexts,
  withMockedFetch,
} from "../posts/test-fixtures";
import { resetPageQueryClient } from "../users/query-client";
import { VisitorRulesForm } from "./VisitorRulesForm";

withDom();
const api = withMockedFetch();
afterEach(() => resetPageQueryClient());

const school = {
  id: 7,
  visitorRules: { matFee: 10, attire: "gi" as const, kids: "allowed" as const, minAge: 12 },
};

const field = <T extends HTMLElement>(root: ParentNode, label: string) => {
  const id =
    [...root.querySelectorAll("label")].find((l) => l.textContent === label)?.getAttribute("for") ?? "";
  return root.querySelector(`[id="${id}"]`) as T | null;
};
/** Types or picks as a person does: React listens for `input`/`change` on the native value setter. */
async function enter(el: HTMLInputElement | HTMLSelectElement | null, value: string) {
  if (!el) throw new Error("no such field");
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el) as object, "value")?.set;
  await act(async () => {
    setter?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}
const save = async (root: Element) => click(buttonNamed(root, "Save visitor rules") as Element);

describe("VisitorRulesForm", () => {
  it("starts from the stored rules, 'Not said' for the unknown ones", async () => {
    const view = await render(<VisitorRulesForm school={school} />);
    const root = view.container;
    expect(field<HTMLSelectElement>(root, "Mat fee")?.value).toBe("amount");
    expect(field<HTMLInputElement>(root, "Mat fee in US dollars")?.value).toBe("10");
    expect(field<HTMLSelectElement>(root, "Gi or No-Gi")?.value).toBe("gi");
    expect(field<HTMLSelectElement>(root, "Level")?.value).toBe("");
    expect(field<HTMLInputElement>(root, "Youngest age welcome (optional)")?.value).toBe("12");
    expect(field<HTMLSelectElement>(root, "Women only")?.selectedOptions[0]?.textContent).toBe("Not said");
    await view.unmount();
  });

  it("saves No-Gi and a fee with cents, the rest as they were, and says so", async () => {
    api.calls = mockFetch({ "PUT /api/schools/7/visitor-rules": () => json({ id: 7 }) });
    const view = await render(<VisitorRulesForm school={school} />);
    const root = view.container;
    await enter(field(root, "Gi or No-Gi"), "nogi");
    await enter(field(root, "Mat fee in US dollars"), "12.50");
    await enter(field(root, "Visitors"), "welcome");
    await save(root);
    await wait(20);
    expect(api.calls).toEqual([
      {
        method: "PUT",
        url: "/api/schools/7/visitor-rules",
        body: { rules: { matFee: 12.5, attire: "nogi", kids: "allowed", minAge: 12, visitors: "welcome" } },
      },
    ]);
    expect(toastTexts()).toEqual([visitorRuleTexts.saved]);
    await view.unmount();
  });

  it("makes a fee free or unknown, and adults only drops the age", async () => {
    const view = await render(<VisitorRulesForm school={school} />);
    const root = view.container;
    await enter(field(root, "Mat fee"), "free");
    expect(field(root, "Mat fee in US dollars")).toBeNull();
    await enter(field(root, "Kids"), "adultsOnly");
    expect(field(root, "Youngest age welcome (optional)")).toBeNull();
    await save(root);
    await wait(20);
    expect(api.calls[0]?.body).toEqual({ rules: { matFee: 0, attire: "gi", kids: "adultsOnly" } });
    await view.unmount();
  });

  it("refuses a fee over 500 dollars where it was typed, with focus there, and sends nothing", async () => {
    const view = await render(<VisitorRulesForm school={school} />);
    const root = view.container;
    const amount = field<HTMLInputElement>(root, "Mat fee in US dollars");
    await enter(amount, "600");
    await save(root);
    expect(api.calls).toEqual([]);
    expect(amount?.getAttribute("aria-invalid")).toBe("true");
    const error = document.getElementById(amount?.getAttribute("aria-describedby") ?? "");
    expect(error?.textContent).toBe(visitorRuleTexts.feeInvalid);
    expect(document.activeElement).toBe(amount);
    await enter(field(root, "Waiver link to sign ahead (optional)"), "javascript:alert(1)");
    await enter(amount, "");
    await save(root);
    // An empty amount is no amount; the link is checked as the server checks it.
    expect(root.textContent).toContain(visitorRuleTexts.feeInvalid);
    expect(root.textContent).toContain(visitorRuleTexts.waiverInvalid);
    expect(api.calls).toEqual([]);
    await expectAxeClean(root);
    await view.unmount();
  });

  it("renders on the server as it hydrates", async () => {
    const { renderToString } = await import("react-dom/server");
    const { QueryClient, QueryClientProvider } = await import("@tanstack/react-query");
    const ui = (
      <QueryClientProvider client={new QueryClient()}>
        <VisitorRulesForm school={school} />
      </QueryClientProvider>
    );
    const html = renderToString(ui);
    const { hydrateRoot } = await import("react-dom/client");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, ui, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    container.remove();
  });
});

/** axe's WCAG A and AA rules (those that need no layout) on part of the DOM. */
async function expectAxeClean(root: Element) {
  const axe = (await import("axe-core")).default;
  const result = await axe.run(root, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  });
  expect(result.passes.length).toBeGreaterThan(3);
  expect(result.violations.map((v) => v.id)).toEqual([]);
}
