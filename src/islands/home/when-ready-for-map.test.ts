import { describe, expect, it } from "bun:test";
import { whenReadyForMap } from "./when-ready-for-map";

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
