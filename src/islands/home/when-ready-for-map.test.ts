import { describe, expect, it } from "bun:test";
import { startsAtOnce, whenReachedForMap, whenReadyForMap } from "./when-ready-for-map";

/** An event target with a hand-driven requestIdleCallback. */
function fakeWindow() {
  const target = new EventTarget() as EventTarget & {
    requestIdleCallback: (callback: () => void, options?: { timeout: number }) => number;
    cancelIdleCallback: (handle: number) => void;
  };
  const pending = new Map<number, () => void>();
  const timeouts: (number | undefined)[] = [];
  let next = 1;
  target.requestIdleCallback = (callback, options) => {
    timeouts.push(options?.timeout);
    pending.set(next, callback);
    return next++;
  };
  target.cancelIdleCallback = (handle) => pending.delete(handle);
  const runIdle = () => {
    for (const callback of [...pending.values()]) callback();
    pending.clear();
  };
  return { target, runIdle, pending, timeouts };
}

describe("whenReadyForMap", () => {
  it("loads at the first idle moment, with a deadline, without any interaction", () => {
    const { target, runIdle, timeouts } = fakeWindow();
    let loads = 0;
    whenReadyForMap(() => loads++, target);
    expect(loads).toBe(0);
    expect(timeouts).toEqual([300]);
    runIdle();
    expect(loads).toBe(1);
  });

  it("loads at the first interaction if it comes before idle time, once", () => {
    const { target, runIdle, pending } = fakeWindow();
    let loads = 0;
    whenReadyForMap(() => loads++, target);
    target.dispatchEvent(new Event("pointerdown"));
    target.dispatchEvent(new Event("keydown"));
    expect(pending.size).toBe(0);
    runIdle();
    expect(loads).toBe(1);
  });

  it("without requestIdleCallback, loads on the next turn of the event loop", async () => {
    const target = new EventTarget() as unknown as Window;
    let loads = 0;
    whenReadyForMap(() => loads++, target);
    expect(loads).toBe(0);
    await Bun.sleep(5);
    expect(loads).toBe(1);
  });

  it("does nothing once cancelled", async () => {
    const { target, runIdle } = fakeWindow();
    let loads = 0;
    const stop = whenReadyForMap(() => loads++, target);
    stop();
    target.dispatchEvent(new Event("pointerdown"));
    runIdle();
    await Bun.sleep(5);
    expect(loads).toBe(0);
  });
});

/** A window whose matchMedia answers `fine` for the desktop-with-a-mouse query, and records what it was asked. */
function screenWith(fine: boolean) {
  const asked: string[] = [];
  const matchMedia = ((query: string) => {
    asked.push(query);
    return { matches: fine && query === "(hover: hover) and (pointer: fine)" };
  }) as unknown as Window["matchMedia"];
  return { matchMedia, asked };
}

/** An event as the box sees it: a plain Event with the key a KeyboardEvent would carry. */
const keyEvent = (key: string) => Object.assign(new Event("keydown"), { key });

describe("whenReachedForMap (a drawn map in the box)", () => {
  it("on a touch screen, starts nothing by itself: not on idle time, not after a while", async () => {
    const box = new EventTarget();
    let loads = 0;
    whenReachedForMap(box, () => loads++, screenWith(false));
    await Bun.sleep(20);
    expect(loads).toBe(0);
  });

  for (const type of ["touchstart", "pointerdown", "wheel"]) {
    it(`starts at the first ${type} on the box, once`, () => {
      const box = new EventTarget();
      let loads = 0;
      whenReachedForMap(box, () => loads++, screenWith(false));
      box.dispatchEvent(new Event(type));
      box.dispatchEvent(new Event(type));
      box.dispatchEvent(new Event("pointerdown"));
      expect(loads).toBe(1);
    });
  }

  it("starts on a key pressed on a focused mark, but Tab only passes through", () => {
    const box = new EventTarget();
    let loads = 0;
    whenReachedForMap(box, () => loads++, screenWith(false));
    box.dispatchEvent(keyEvent("Tab"));
    expect(loads).toBe(0);
    box.dispatchEvent(keyEvent("Enter"));
    expect(loads).toBe(1);
  });

  it("ignores what happens outside the box (the list, the page)", () => {
    const box = new EventTarget();
    const page = new EventTarget();
    let loads = 0;
    whenReachedForMap(box, () => loads++, screenWith(false));
    page.dispatchEvent(new Event("pointerdown"));
    page.dispatchEvent(new Event("touchstart"));
    expect(loads).toBe(0);
  });

  it("on a desktop with a mouse, starts at once", () => {
    const screen = screenWith(true);
    let loads = 0;
    whenReachedForMap(new EventTarget(), () => loads++, screen);
    expect(loads).toBe(1);
    expect(screen.asked).toEqual(["(hover: hover) and (pointer: fine)"]);
  });

  it("does nothing once stopped", () => {
    const box = new EventTarget();
    let loads = 0;
    const stop = whenReachedForMap(box, () => loads++, screenWith(false));
    stop();
    box.dispatchEvent(new Event("touchstart"));
    expect(loads).toBe(0);
  });

  it("startsAtOnce: only a hovering, precise pointer; no matchMedia means no", () => {
    expect(startsAtOnce(screenWith(true))).toBe(true);
    expect(startsAtOnce(screenWith(false))).toBe(false);
    expect(startsAtOnce({})).toBe(false);
  });
});
