import { describe, expect, it } from "bun:test";
import { createKeptStore } from "./kept-by-viewer";

const stamp = (versions: string, minute = 1) => ({ versions, minute });

/** A load that waits until released, counting its calls. */
function gatedLoad(value: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const load = Object.assign(
    async () => {
      load.calls++;
      await gate;
      return value;
    },
    { calls: 0 },
  );
  return { load, release };
}

describe("createKeptStore", () => {
  it("keeps a value until its versions or minute move", async () => {
    const store = createKeptStore<string>(1_000_000, (v) => v.length);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await store.get("k", stamp("1"), load)).toBe("v1");
    expect(await store.get("k", stamp("1"), load)).toBe("v1");
    expect(await store.get("k", stamp("2"), load)).toBe("v2");
    expect(await store.get("k", stamp("2", 2), load)).toBe("v3");
  });

  it("gives requests that miss together one load", async () => {
    const store = createKeptStore<string>(1_000_000, (v) => v.length);
    const { load, release } = gatedLoad("page");
    const asked = Promise.all([1, 2, 3].map(() => store.get("k", stamp("1"), load)));
    release();
    expect(await asked).toEqual(["page", "page", "page"]);
    expect(load.calls).toBe(1);
  });

  it("does not share a load begun under other versions (a write came between)", async () => {
    const store = createKeptStore<string>(1_000_000, (v) => v.length);
    const before = gatedLoad("before the write");
    const after = gatedLoad("after the write");
    const first = store.get("k", stamp("1"), before.load);
    const second = store.get("k", stamp("2"), after.load);
    before.release();
    after.release();
    expect([await first, await second]).toEqual(["before the write", "after the write"]);
    expect(await store.get("k", stamp("2"), async () => "a third load")).toBe("after the write");
  });

  it("shares a failed load's error with those waiting, and keeps nothing", async () => {
    const store = createKeptStore<string>(1_000_000, (v) => v.length);
    let calls = 0;
    const failing = async () => {
      calls++;
      await Bun.sleep(5);
      throw new Error("404");
    };
    const results = await Promise.allSettled([1, 2].map(() => store.get("k", stamp("1"), failing)));
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(calls).toBe(1);
    expect(await store.get("k", stamp("1"), async () => "found")).toBe("found");
  });
});
