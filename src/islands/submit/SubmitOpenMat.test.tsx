import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { act } from "react";
import { RATE_LIMIT_FALLBACK } from "../../common/rate-limit-body";
import { schoolMessages } from "../../common/schemas/school";
import { submissionMessages } from "../../common/schemas/submission";
import { withDom } from "../home/test-dom";
import { click, render, typeInto, wait } from "../home/test-render";
import { type Call, deferred, mockFetch, toastTexts } from "../posts/test-fixtures";
import { SubmitOpenMatView } from "../SubmitOpenMat";
import { OPEN_SUBMIT_EVENT, rememberPendingSubmit } from "./pending-submit";
import { PREVIEW_DEBOUNCE_MS } from "./SchedulePreview";
import { fieldLabels, submitTexts } from "./texts";

withDom();

let calls: Call[] = [];
beforeEach(() => {
  calls = mockFetch({});
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts, dialog")) el.remove();
  sessionStorage.clear();
});

async function typeText(area: HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(area, value);
    area.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function openForm() {
  const view = await render(<SubmitOpenMatView />);
  const opener = [...view.container.querySelectorAll("button")].find(
    (b) => b.textContent === submitTexts.title,
  ) as HTMLButtonElement;
  opener.focus();
  await click(opener);
  return { ...view, ...parts(view.container), opener };
}

function parts(container: HTMLElement) {
  const dialog = container.querySelector("dialog") as HTMLDialogElement;
  const byLabel = <T extends Element = HTMLInputElement>(text: string) => {
    const label = [...dialog.querySelectorAll("label")].find((l) => l.textContent === text);
    return dialog.querySelector(`#${CSS.escape(label?.htmlFor ?? "")}`) as unknown as T;
  };
  /** A day's checkbox, found by its wrapping label's text. */
  const day = (text: string) =>
    [...dialog.querySelectorAll("fieldset label")]
      .find((l) => l.textContent === text)
      ?.querySelector("input") as HTMLInputElement;
  const submit = dialog.querySelector("button[type=submit]") as HTMLButtonElement;
  const preview = () => dialog.querySelector("[aria-live=polite]")?.textContent ?? "";
  return { dialog, byLabel, day, submit, preview };
}

async function fillValid(form: ReturnType<typeof parts>) {
  await typeInto(form.byLabel(fieldLabels.gym), "Gracie Barra Austin");
  await typeInto(form.byLabel(fieldLabels.address), "500 W 2nd St, Austin, TX 78701");
  await typeText(form.byLabel<HTMLTextAreaElement>(fieldLabels.dayAndTime), "Saturday 10:00am - 12:00pm");
  await click(form.day("Saturday"));
}

describe("Submit New Open Mat", () => {
  it("is a labelled modal with every field, the days fieldset, and focus in the first field", async () => {
    const { dialog, byLabel, unmount } = await openForm();
    expect(dialog.open).toBe(true);
    expect(document.getElementById(dialog.getAttribute("aria-labelledby") ?? "")?.textContent).toBe(
      "Submit New Open Mat",
    );
    const names = Object.entries(fieldLabels).map(([name, label]) => [
      name,
      byLabel(label)?.getAttribute("name"),
    ]);
    expect(names).toEqual(Object.keys(fieldLabels).map((name) => [name, name]));
    expect(document.activeElement === byLabel(fieldLabels.gym)).toBe(true);
    const fieldset = dialog.querySelector("fieldset") as HTMLFieldSetElement;
    expect(fieldset.querySelector("legend")?.textContent).toBe("Days of the Week *");
    expect([...fieldset.querySelectorAll("input[type=checkbox]")].map((c) => c.getAttribute("name"))).toEqual(
      ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
    );
    await unmount();
  });

  it("shows the spec's validation messages and sends nothing", async () => {
    const form = await openForm();
    await typeInto(form.byLabel(fieldLabels.emailForConfirmation), "not-an-email");
    await click(form.submit);
    const text = form.dialog.textContent ?? "";
    expect(text).toContain("Gym name is required");
    expect(text).toContain("Full address is required (Street, City, State)");
    expect(text).toContain("Day and time information is required");
    expect(text).toContain("Please enter a valid email address");
    expect(schoolMessages.gymRequired).toBe("Gym name is required");
    expect(form.byLabel(fieldLabels.gym).getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
    await form.unmount();
  });

  it("previews a readable schedule, an unreadable one, and a 12am start to check", async () => {
    const form = await openForm();
    const area = form.byLabel<HTMLTextAreaElement>(fieldLabels.dayAndTime);
    expect(area.getAttribute("aria-describedby")).toContain(
      form.dialog.querySelector("[aria-live]")?.id ?? "-",
    );
    await typeText(area, "Mon/Wed 6pm; Sat 11am-1pm (Gi)");
    await wait(PREVIEW_DEBOUNCE_MS + 50);
    expect(form.preview()).toContain("Mon/Wed 6:00 PM");
    expect(form.preview()).toContain("Sat 11:00 AM–1:00 PM (Gi)");
    await typeText(area, "ask at the front desk");
    await wait(PREVIEW_DEBOUNCE_MS + 50);
    expect(form.preview()).toContain(submitTexts.previewUnreadable);
    await typeText(area, "Sunday 12am-2pm");
    await wait(PREVIEW_DEBOUNCE_MS + 50);
    expect(form.preview()).toContain("Sun 12:00 PM–2:00 PM");
    expect(form.preview()).toContain(submitTexts.previewReview);
    expect(form.preview()).toContain("12am read as noon");
    await form.unmount();
  });

  it("reads 'Submitting...' while pending, then toasts success, resets and closes", async () => {
    const answer = deferred<Response>();
    calls = mockFetch({ "POST /api/schools": () => answer.promise });
    const form = await openForm();
    await fillValid(form);
    await click(form.submit);
    expect(form.submit.textContent).toBe("Submitting...");
    expect(form.submit.disabled).toBe(true);
    expect(calls[0]).toMatchObject({
      method: "POST",
      url: "/api/schools",
      body: {
        gym: "Gracie Barra Austin",
        address: "500 W 2nd St, Austin, TX 78701",
        dayAndTime: "Saturday 10:00am - 12:00pm",
        saturday: true,
        sunday: false,
      },
    });
    await act(async () => answer.resolve(Response.json({ id: 1, status: "pending" }, { status: 201 })));
    await wait(20);
    expect(toastTexts()).toEqual([submissionMessages.received]);
    expect(form.container.querySelector("dialog")).toBeNull();
    // Opened again, the form is empty.
    await click(form.opener);
    const again = parts(form.container);
    expect(again.byLabel(fieldLabels.gym).value).toBe("");
    expect(again.day("Saturday").checked).toBe(false);
    await form.unmount();
  });

  it("toasts the geocoding failure as a destructive Error and keeps the form", async () => {
    const address = "500 W 2nd St, Austin, TX 78701";
    calls = mockFetch({
      "POST /api/schools": () =>
        Response.json({ message: submissionMessages.geocodeFailed(address) }, { status: 422 }),
    });
    const form = await openForm();
    await fillValid(form);
    await click(form.submit);
    await wait(20);
    expect(toastTexts()).toEqual([
      `Error${`Unable to find coordinates for "${address}". Please check the address and try again.`}`,
    ]);
    expect(document.querySelector(".toast")?.classList.contains("toast-destructive")).toBe(true);
    expect(form.container.querySelector("dialog")).not.toBeNull();
    expect(form.byLabel(fieldLabels.gym).value).toBe("Gracie Barra Austin");
    expect(form.submit.textContent).toBe("Submit");
    await form.unmount();
  });

  it("toasts the rate limit's message, and the generic failure otherwise", async () => {
    const limited = {
      message: "You can submit 10 open mats a day.",
      retryAfter: 60,
      limit: 10,
      remaining: 0,
    };
    calls = mockFetch({ "POST /api/schools": () => Response.json(limited, { status: 429 }) });
    const form = await openForm();
    await fillValid(form);
    await click(form.submit);
    await wait(20);
    expect(toastTexts()).toEqual([`Error${limited.message}`]);
    calls = mockFetch({ "POST /api/schools": () => new Response("", { status: 429 }) });
    await click(form.submit);
    await wait(20);
    expect(toastTexts()).toEqual([`Error${RATE_LIMIT_FALLBACK.message}`]);
    calls = mockFetch({ "POST /api/schools": () => new Response("boom", { status: 500 }) });
    await click(form.submit);
    await wait(20);
    expect(toastTexts()).toEqual(["ErrorFailed to submit open mat. Please try again."]);
    calls = mockFetch({ "POST /api/schools": () => new Response("", { status: 422 }) });
    await click(form.submit);
    await wait(20);
    expect(toastTexts()).toEqual([
      "ErrorFailed to find the gym's location. Please check the address and try again.",
    ]);
    await form.unmount();
  });

  it("opens from the side menu's event, and after a guest's sign-in", async () => {
    const view = await render(<SubmitOpenMatView />);
    expect(view.container.querySelector("dialog")).toBeNull();
    await act(async () => {
      document.dispatchEvent(new CustomEvent(OPEN_SUBMIT_EVENT));
    });
    expect(view.container.querySelector("dialog")?.open).toBe(true);
    await view.unmount();
    rememberPendingSubmit();
    const after = await render(<SubmitOpenMatView />);
    expect(after.container.querySelector("dialog")?.open).toBe(true);
    await after.unmount();
    const later = await render(<SubmitOpenMatView />);
    expect(later.container.querySelector("dialog")).toBeNull();
    await later.unmount();
  });
});
