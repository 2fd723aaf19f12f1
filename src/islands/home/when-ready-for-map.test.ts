import { describe, expect, it } from "bun:test";
import { whenReadyForMap } from "./when-ready-for-map";

describe("whenReadyForMap", () => {
  it("loads at the first interaction, once", () => {
    const target = new EventTarget() as unknown as Window;
    let loads = 0;
    whenReadyForMap(() => loads++, target);
    expect(loads).toBe(0);
    target.dispatchEvent(new Event("pointermove"));
    target.dispatchEvent(new Event("keydown"));
    expect(loads).toBe(1);
  });

  it("does nothing once cancelled", () => {
    const target = new EventTarget() as unknown as Window;
    let loads = 0;
    const stop = whenReadyForMap(() => loads++, target);
    stop();
    target.dispatchEvent(new Event("scroll"));
    expect(loads).toBe(0);
  });
});
