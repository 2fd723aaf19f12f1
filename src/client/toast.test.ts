import { describe, expect, it } from "bun:test";
import { withDom } from "../islands/home/test-dom";
import { flashToast, showFlashedToast, showToast } from "./toast";

withDom();

const shown = () => [...document.querySelectorAll(".toast strong")].map((el) => el.textContent);

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
