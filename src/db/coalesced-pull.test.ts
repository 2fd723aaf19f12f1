import { describe, expect, it } from "bun:test";
import { coalescedPull } from "./client";

describe("coalescedPull", () => {
  it("callers during a pull share the one after it; at most one runs and one waits", async () => {
    let started = 0;
    const finish: (() => void)[] = [];
    const pull = coalescedPull(
      () =>
        new Promise<void>((resolve) => {
          started++;
          finish.push(resolve);
        }),
    );
    const first = pull();
    const second = pull();
    const third = pull();
    expect(started).toBe(1);
    expect(second).toBe(third);
    finish[0]?.();
    await first;
    await Bun.sleep(0);
    // The pull that started after the second and third asked.
    expect(started).toBe(2);
    finish[1]?.();
    await second;
    // Nothing running: the next caller starts its own.
    void pull();
    expect(started).toBe(3);
    finish[2]?.();
  });

  it("a failed pull fails its callers; the waiting ones still get theirs", async () => {
    let calls = 0;
    const pull = coalescedPull(async () => {
      calls++;
      if (calls === 1) throw new Error("primary unreachable");
    });
    const first = pull();
    const waiting = pull();
    await expect(first).rejects.toThrow("primary unreachable");
    await waiting;
    expect(calls).toBe(2);
  });
});
