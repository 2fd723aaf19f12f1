import { describe, expect, it } from "bun:test";
import { act } from "react";
import { renderToString } from "react-dom/server";
import { type CalendarAddress, memberCalendarTexts as texts } from "../../common/schemas/member-calendar";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, press, render, wait } from "../home/test-render";
import {
  buttonNamed,
  jsonResponse as json,
  mockFetch,
  toastTexts,
  withMockedFetch,
} from "../posts/test-fixtures";
import { CalendarCard } from "./CalendarCard";

withDom();
const api = withMockedFetch();

const address = (token: string): CalendarAddress => ({
  https: `http://localhost:3000/calendar/${token}.ics`,
  webcal: `webcal://localhost:3000/calendar/${token}.ics`,
});
const OLD = address("a".repeat(32));
const NEW = address("b".repeat(32));
const OFF: CalendarAddress = { https: null, webcal: null };

const field = (root: Element) => root.querySelector<HTMLInputElement>("input");
const dialog = () => document.querySelector<HTMLDialogElement>("dialog");

async function shown(answer: CalendarAddress, more: Record<string, () => Response> = {}) {
  api.calls = mockFetch({ "GET /api/account/calendar": () => json(answer), ...more });
  const view = await render(<CalendarCard />);
  await wait(20);
  return view;
}

describe("CalendarCard", () => {
  it("shows the address read-only under its label, with Copy, Subscribe (webcal) and the two changes", async () => {
    const view = await shown(OLD);
    const input = field(view.container) as HTMLInputElement;
    expect(input.value).toBe(OLD.https as string);
    expect(input.readOnly).toBe(true);
    const label = view.container.querySelector(`label[for="${input.id}"]`);
    expect(label?.textContent).toBe(texts.label);
    expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      texts.private,
    );
    const subscribe = [...view.container.querySelectorAll("a")].find(
      (a) => a.textContent === texts.subscribe,
    );
    expect(subscribe?.getAttribute("href")).toBe(OLD.webcal as string);
    for (const name of [texts.copy, texts.rotate, texts.turnOff])
      expect(buttonNamed(view.container, name)).toBeDefined();
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(["GET /api/account/calendar"]);
    await expectAxeClean(view.container);
    await view.unmount();
  });

  it("copies the https address and says so", async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    const view = await shown(OLD);
    await click(buttonNamed(view.container, texts.copy) as HTMLElement);
    expect(written).toEqual([OLD.https as string]);
    expect(toastTexts().join(" ")).toContain(texts.copied);
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe(texts.copied);
    await view.unmount();
  });

  it("makes a new address only once confirmed in a dialog, then shows it with focus on it", async () => {
    const view = await shown(OLD, { "POST /api/account/calendar/rotate": () => json(NEW) });
    const opener = buttonNamed(view.container, texts.rotate) as HTMLButtonElement;
    opener.focus();
    await click(opener);
    const modal = dialog() as HTMLDialogElement;
    expect(modal.open).toBe(true);
    const title = document.getElementById(modal.getAttribute("aria-labelledby") ?? "");
    expect(title?.textContent).toBe(texts.rotateTitle);
    expect(document.getElementById(modal.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      texts.rotateText,
    );
    await expectAxeClean(modal);
    // Cancel changes nothing and gives focus back to the button that opened it.
    await click(buttonNamed(modal, "Cancel") as HTMLElement);
    await wait(10);
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(api.calls).toHaveLength(1);

    await click(opener);
    await click(buttonNamed(dialog() as HTMLElement, texts.rotate) as HTMLElement);
    await wait(20);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/account/calendar",
      "POST /api/account/calendar/rotate",
    ]);
    expect(dialog()).toBeNull();
    const input = field(view.container) as HTMLInputElement;
    expect(input.value).toBe(NEW.https as string);
    expect(document.activeElement).toBe(input);
    expect(toastTexts().join(" ")).toContain(texts.rotated);
    await view.unmount();
  });

  it("changes nothing when the dialog is closed as Escape closes it (its close event)", async () => {
    const view = await shown(OLD);
    await click(buttonNamed(view.container, texts.turnOff) as HTMLElement);
    const modal = dialog() as HTMLDialogElement;
    expect(modal.open).toBe(true);
    await press(modal, "Escape");
    await act(async () => modal.close());
    await wait(10);
    expect(dialog()).toBeNull();
    expect(api.calls).toHaveLength(1);
    await view.unmount();
  });

  it("turns the address off once confirmed, then offers to make one, which needs no dialog", async () => {
    const view = await shown(OLD, {
      "DELETE /api/account/calendar": () => json(OFF),
      "POST /api/account/calendar/rotate": () => json(NEW),
    });
    await click(buttonNamed(view.container, texts.turnOff) as HTMLElement);
    const modal = dialog() as HTMLDialogElement;
    expect(document.getElementById(modal.getAttribute("aria-labelledby") ?? "")?.textContent).toBe(
      texts.turnOffTitle,
    );
    await click(buttonNamed(modal, texts.turnOff) as HTMLElement);
    await wait(20);
    expect(field(view.container)).toBeNull();
    expect(view.container.textContent).toContain(texts.off);
    const on = buttonNamed(view.container, texts.turnOn) as HTMLButtonElement;
    expect(document.activeElement).toBe(on);
    await expectAxeClean(view.container);
    await click(on);
    await wait(20);
    expect(dialog()).toBeNull();
    expect(field(view.container)?.value).toBe(NEW.https as string);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/account/calendar",
      "DELETE /api/account/calendar",
      "POST /api/account/calendar/rotate",
    ]);
    await view.unmount();
  });

  it("says when the address cannot be read, and tries again", async () => {
    let fail = true;
    api.calls = mockFetch({
      "GET /api/account/calendar": () => (fail ? json({ message: "Internal server error" }, 500) : json(OLD)),
    });
    const view = await render(<CalendarCard />);
    await wait(20);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(texts.loadFailed);
    fail = false;
    await click(buttonNamed(view.container, texts.retry) as HTMLElement);
    await wait(20);
    expect(field(view.container)?.value).toBe(OLD.https as string);
    await view.unmount();
  });

  it("is rendered by the server without the address, and hydrates without a mismatch", async () => {
    api.calls = mockFetch({ "GET /api/account/calendar": () => json(OLD) });
    const html = renderToString(<CalendarCard />);
    expect(html).toContain(texts.loading);
    expect(html).not.toContain("/calendar/");
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    const { hydrateRoot } = await import("react-dom/client");
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <CalendarCard />, { onRecoverableError: (error) => errors.push(error) });
    });
    await wait(20);
    expect(errors).toEqual([]);
    expect(container.querySelector("input")?.value).toBe(OLD.https as string);
    await act(async () => root?.unmount());
    container.remove();
  });
});
