import { describe, expect, it } from "bun:test";
import { whenIdleAfterLoad } from "./idle";

/** A window with a load event and idle callbacks the test fires by hand. */
function fakeWindow(readyState: DocumentReadyState) {
  const listeners = new Map<string, () => void>();
  const idle: (() => void)[] = [];
  return {
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    cancelIdleCallback: (handle: number) => {
      idle[handle - 1] = () => {};
    },
    load: () => listeners.get("load")?.(),
    idle: () => {
      for (const callback of idle.splice(0)) callback();
    },
  };
}

describe("whenIdleAfterLoad", () => {
  it("waits for the load event, then for the browser to be idle", () => {
    const target = fakeWindow("loading");
    let runs = 0;
    whenIdleAfterLoad(() => runs++, target as never);
    target.idle();
    expect(runs).toBe(0);
    target.load();
    expect(runs).toBe(0);
    target.idle();
    expect(runs).toBe(1);
  });

  it("on a page already loaded, waits only for idle", () => {
    const target = fakeWindow("complete");
    let runs = 0;
    whenIdleAfterLoad(() => runs++, target as never);
    target.idle();
    expect(runs).toBe(1);
  });

  it("does nothing once cancelled, before or after the load", () => {
    for (const loadFirst of [false, true]) {
      const target = fakeWindow("loading");
      let runs = 0;
      const cancel = whenIdleAfterLoad(() => runs++, target as never);
      if (loadFirst) target.load();
      cancel();
      target.load();
      target.idle();
      expect(runs).toBe(0);
    }
  });
});
