import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { withDom } from "../islands/home/test-dom";
import { flashToast, showFlashedToast, showToast } from "./toast";

withDom();

const shown = () => [...document.querySelectorAll(".toast strong")].map((el) => el.textContent);
const region = () => document.getElementById("toasts") as HTMLElement;
const tick = () => new Promise((done) => setTimeout(done, 0));

/** happy-dom has no popovers: record which elements were shown as one, in order. */
let popoverShows: Element[] = [];
beforeEach(() => {
  popoverShows = [];
  Object.assign(HTMLElement.prototype, {
    showPopover(this: HTMLElement) {
      popoverShows.push(this);
    },
    hidePopover() {},
  });
});

/** An open modal dialog; happy-dom does not match `:modal` by itself. */
function openModal(): HTMLDialogElement {
  const dialog = document.createElement("dialog");
  dialog.matches = (selector: string) =>
    selector === ":modal" ? dialog.open : Element.prototype.matches.call(dialog, selector);
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

afterEach(() => {
  for (const dialog of document.querySelectorAll("dialog")) dialog.remove();
  const proto = HTMLElement.prototype as Partial<HTMLElement>;
  delete proto.showPopover;
  delete proto.hidePopover;
});

describe("toasts", () => {
  it("shows one at a time, the newest replacing the last", () => {
    showToast({ title: "First" });
    showToast({ title: "Second", variant: "destructive" });
    expect(shown()).toEqual(["Second"]);
    expect(document.querySelector(".toast")?.getAttribute("role")).toBe("alert");
  });

  it("lets background news wait while a toast is showing", () => {
    showToast({ title: "Logged out" });
    showToast({ title: "Location", unlessShowing: true });
    expect(shown()).toEqual(["Logged out"]);
    (document.querySelector(".toast-close") as HTMLButtonElement).click();
    showToast({ title: "Location", unlessShowing: true });
    expect(shown()).toEqual(["Location"]);
  });

  it("carries a flashed toast to the next page load", () => {
    flashToast({ title: "Welcome back", description: "You have been logged in successfully." });
    showFlashedToast();
    expect(shown()).toEqual(["Welcome back"]);
    showFlashedToast();
    expect(shown()).toEqual(["Welcome back"]);
  });
});

describe("the notifications region", () => {
  it("is a named manual popover, shown (into the top layer) with each toast", () => {
    showToast({ title: "Saved" });
    expect(region().getAttribute("popover")).toBe("manual");
    expect(region().getAttribute("aria-label")).toBe("Notifications (F8)");
    expect(region().parentElement).toBe(document.body);
    expect(popoverShows).toEqual([region()]);
    expect(region().querySelector('[role="status"]')?.textContent).toContain("Saved");
  });

  it("goes inside an open modal dialog, where it is not inert, and is shown after it", () => {
    const dialog = openModal();
    showToast({ title: "Login Failed", description: "Invalid credentials", variant: "destructive" });
    expect(region().parentElement).toBe(dialog);
    expect(popoverShows).toEqual([region()]);
    expect(dialog.querySelector('[role="alert"]')?.textContent).toContain("Login Failed");
  });

  it("follows a modal opened or closed while a toast shows, shown again each time", async () => {
    showToast({ title: "Logged out" });
    const dialog = openModal();
    await tick();
    expect(region().parentElement).toBe(dialog);
    expect(popoverShows).toEqual([region(), region()]);

    dialog.close();
    await tick();
    expect(region().parentElement).toBe(document.body);
    expect(popoverShows).toEqual([region(), region(), region()]);
    expect(shown()).toEqual(["Logged out"]);
  });

  it("comes back to the page when its dialog is removed while open", async () => {
    const dialog = openModal();
    showToast({ title: "Account deletion failed", variant: "destructive" });
    dialog.remove();
    await tick();
    expect(region().isConnected).toBe(true);
    expect(shown()).toEqual(["Account deletion failed"]);
  });
});
