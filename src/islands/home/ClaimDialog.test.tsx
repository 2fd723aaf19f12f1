import { describe, expect, it } from "bun:test";
import { act } from "react";
import { type ClaimView, claimTexts, type ViewerOwnership } from "../../common/schemas/claims";
import { jsonResponse as json, mockFetch, withMockedFetch } from "../posts/test-fixtures";
import { ManageGymButton } from "./ManageGymButton";
import { expectAxeClean } from "./test-axe";
import { withDom } from "./test-dom";
import { click, render, wait } from "./test-render";

withDom();
const api = withMockedFetch();

const school = { schoolId: 7, slug: "alpha-bjj", gym: "Alpha BJJ" };
const nobody: ViewerOwnership = { owner: false, manage: false, claim: null };
const answer = (status: ClaimView["status"]): ClaimView => ({
  id: 3,
  schoolId: 7,
  status,
  domainMatch: status === "approved",
  message: "",
  createdAt: "2026-11-20T12:00:00.000Z",
  decidedAt: null,
});

const manageButton = (root: ParentNode) =>
  [...root.querySelectorAll("button, a")].find((el) => el.textContent === claimTexts.manage) as HTMLElement;
const dialog = () => document.querySelector("dialog") as HTMLDialogElement;

async function typeMessage(text: string) {
  const area = dialog().querySelector("textarea") as HTMLTextAreaElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(area, text);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function openAsMember(ownership: ViewerOwnership, post?: () => Response) {
  api.calls = mockFetch({
    "GET /api/schools/7/owners/me": () => json(ownership),
    ...(post ? { "POST /api/schools/7/claims": post } : {}),
  });
  const view = await render(<ManageGymButton {...school} signedIn />);
  await wait(20);
  return view;
}

describe("Manage this gym", () => {
  it("asks a guest to sign in, and asks the server nothing", async () => {
    const view = await render(<ManageGymButton {...school} signedIn={false} />);
    await click(manageButton(view.container));
    expect(dialog().open).toBe(true);
    expect(dialog().textContent).toContain(claimTexts.signInText);
    expect(dialog().querySelector('a[href^="/login?next="]')).not.toBeNull();
    await expectAxeClean(dialog());
    expect(api.calls).toEqual([]);
    await view.unmount();
  });

  it("is a link to the manage page for an owner or admin", async () => {
    const view = await openAsMember({ owner: false, manage: true, claim: null });
    const link = manageButton(view.container);
    expect(link.tagName).toBe("A");
    expect(link.getAttribute("href")).toBe("/schools/alpha-bjj/manage");
    await view.unmount();
  });

  it("opens a labelled claim form with focus in the message; approved at once, it leads to the manage page", async () => {
    const view = await openAsMember(nobody, () => json(answer("approved"), 201));
    const opener = manageButton(view.container);
    expect(opener.tagName).toBe("BUTTON");
    opener.focus();
    await click(opener);
    const area = dialog().querySelector("textarea") as HTMLTextAreaElement;
    expect(document.activeElement).toBe(area);
    expect(dialog().querySelector(`label[for="${area.id}"]`)?.textContent).toBe(claimTexts.messageLabel);
    expect(dialog().getAttribute("aria-labelledby")).toBeTruthy();
    await expectAxeClean(dialog());
    await typeMessage("  I coach the Saturday class.  ");
    await click(
      [...dialog().querySelectorAll("button")].find(
        (b) => b.textContent === claimTexts.submit,
      ) as HTMLElement,
    );
    await wait(20);
    expect(api.calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "/api/schools/7/claims",
      body: { message: "I coach the Saturday class." },
    });
    const result = dialog().querySelector(".claim-result") as HTMLElement;
    expect(result.textContent).toContain(claimTexts.approved);
    expect(result.querySelector('a[href="/schools/alpha-bjj/manage"]')?.textContent).toBe(
      claimTexts.goToManage,
    );
    expect(document.activeElement).toBe(result);
    await expectAxeClean(dialog());
    // The button behind the dialog is now the link, and closing puts focus on it.
    expect(manageButton(view.container).tagName).toBe("A");
    await click(dialog().querySelector(".modal-close") as HTMLElement);
    expect(document.activeElement).toBe(manageButton(view.container));
    await view.unmount();
  });

  it("a claim sent for review says so; closing gives focus back to the opener", async () => {
    const view = await openAsMember(nobody, () => json(answer("pending"), 201));
    const opener = manageButton(view.container);
    opener.focus();
    await click(opener);
    await click(
      [...dialog().querySelectorAll("button")].find(
        (b) => b.textContent === claimTexts.submit,
      ) as HTMLElement,
    );
    await wait(20);
    expect(dialog().querySelector(".claim-result")?.textContent).toBe(claimTexts.pending);
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ message: "" });
    await click(dialog().querySelector(".modal-close") as HTMLElement);
    expect(document.querySelector("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    await view.unmount();
  });

  it("shows the server's refusal (an unconfirmed address) as an alert and keeps the form", async () => {
    const view = await openAsMember(nobody, () => json({ message: claimTexts.unverified }, 403));
    await click(manageButton(view.container));
    await typeMessage("hello");
    await click(
      [...dialog().querySelectorAll("button")].find(
        (b) => b.textContent === claimTexts.submit,
      ) as HTMLElement,
    );
    await wait(20);
    const alert = dialog().querySelector('[role="alert"]');
    expect(alert?.textContent).toBe(claimTexts.unverified);
    const area = dialog().querySelector("textarea") as HTMLTextAreaElement;
    expect(area.value).toBe("hello");
    expect(area.getAttribute("aria-describedby")).toContain(alert?.id ?? "none");
    await view.unmount();
  });

  it("a member whose claim waits is told so, and nothing is sent again", async () => {
    const view = await openAsMember({
      owner: false,
      manage: false,
      claim: { id: 3, status: "pending", createdAt: "2026-11-20T12:00:00.000Z" },
    });
    await click(manageButton(view.container));
    expect(dialog().querySelector(".claim-result")?.textContent).toBe(claimTexts.stillPending);
    expect(dialog().querySelector("textarea")).toBeNull();
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
    await view.unmount();
  });
});
