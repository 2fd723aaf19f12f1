import { describe, expect, it } from "bun:test";
import type { Client } from "@libsql/client";
import { isBusy, retryWhenBusy } from "./busy-retry";

const busy = () =>
  Object.assign(new Error("SQLITE_BUSY: SQLite error: database is locked"), { code: "SQLITE_BUSY" });

function fakeClient(failures: number, error: () => Error = busy) {
  let calls = 0;
  const client = {
    execute: async () => {
      calls++;
      if (calls <= failures) throw error();
      return { rows: [] };
    },
    batch: async () => {
      calls++;
      if (calls <= failures) throw error();
      return [];
    },
  } as unknown as Client;
  return { client, calls: () => calls };
}

const noSleep = async () => {};

describe("retryWhenBusy", () => {
  it("sends a busy statement again until it goes through", async () => {
    const fake = fakeClient(3);
    const client = retryWhenBusy(fake.client, 5000, noSleep);
    expect(await client.execute("SELECT 1")).toEqual({ rows: [] } as never);
    expect(fake.calls()).toBe(4);
  });

  it("sends a busy batch again, whole", async () => {
    const fake = fakeClient(2);
    await retryWhenBusy(fake.client, 5000, noSleep).batch(["SELECT 1"]);
    expect(fake.calls()).toBe(3);
  });

  it("gives up after the timeout, with the busy error", async () => {
    const fake = fakeClient(Number.POSITIVE_INFINITY);
    const client = retryWhenBusy(fake.client, 30, () => Bun.sleep(5));
    await expect(client.execute("SELECT 1")).rejects.toThrow("SQLITE_BUSY");
  });

  it("never repeats a statement that failed for another reason", async () => {
    const fake = fakeClient(1, () => new Error("UNIQUE constraint failed"));
    await expect(retryWhenBusy(fake.client, 5000, noSleep).execute("INSERT")).rejects.toThrow("UNIQUE");
    expect(fake.calls()).toBe(1);
  });

  it("knows libSQL's busy error by code or by message", () => {
    expect(isBusy(busy())).toBe(true);
    expect(isBusy(new Error("LibsqlError: SQLITE_BUSY: database is locked"))).toBe(true);
    expect(isBusy(new Error("SQLITE_CONSTRAINT"))).toBe(false);
    expect(isBusy(undefined)).toBe(false);
  });
});
