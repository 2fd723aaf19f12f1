import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { LOGIN_FAILURE_LIMIT } from "../../src/server/features/auth/service";
import { migratedSqld, type ServedCopy, serveCopy } from "../support/round-robin";
import { secondCopy } from "../support/second-copy";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 19 §6: the account's and the address's failure counters are one atomic step, so
 * of 20 wrong passwords sent at once from one address exactly the limit (10) are checked
 * and the rest answered 429, on one copy and across two copies on one file.
 */
const LIMIT = LOGIN_FAILURE_LIMIT.limit;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await t?.close();
});

const guess = (send: TestApp["request"], identifier: string, ip: string, i: number) =>
  send("/api/auth/login", {
    method: "POST",
    headers: { "sec-fetch-site": "same-origin", "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ identifier, password: `wrong guess ${i}` }),
  }).then((res) => res.status);

/**
 * Counters are per fixed 15-minute window: a burst that straddles a window's end is counted
 * in two. Each burst starts at least 5 s before the next boundary.
 */
async function awayFromWindowEdge() {
  const left = LOGIN_FAILURE_LIMIT.windowMs - (Date.now() % LOGIN_FAILURE_LIMIT.windowMs);
  if (left < 5000) await Bun.sleep(left + 100);
}

const tally = (statuses: number[]) => ({
  checked: statuses.filter((s) => s === 401).length,
  refused: statuses.filter((s) => s === 429).length,
});

describe("login throttle: account and address counted together", () => {
  it("20 wrong passwords at once for one account from one address: exactly 10 checked", async () => {
    const m = await registerMember(t);
    await awayFromWindowEdge();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => guess(t.request, m.username, "203.0.113.20", i)),
    );
    expect(tally(statuses)).toEqual({ checked: LIMIT, refused: 20 - LIMIT });
  }, 30_000);

  it("the same for a name no account has", async () => {
    await awayFromWindowEdge();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => guess(t.request, "nobody-at-all", "203.0.113.21", i)),
    );
    expect(tally(statuses)).toEqual({ checked: LIMIT, refused: 20 - LIMIT });
  }, 30_000);

  it("repeated: every burst of 20 checks exactly 10", async () => {
    for (let round = 0; round < 3; round++) {
      const m = await registerMember(t);
      const ip = `203.0.113.${30 + round}`;
      await awayFromWindowEdge();
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => guess(t.request, m.email, ip, i)),
      );
      expect(tally(statuses)).toEqual({ checked: LIMIT, refused: 20 - LIMIT });
    }
  }, 60_000);

  it("across two copies on one sqld, 10 to each at once: exactly 10 checked, every time", async () => {
    const sqld = await migratedSqld();
    const copies: ServedCopy[] = [];
    try {
      for (let i = 0; i < 2; i++)
        copies.push(await serveCopy({ DATABASE_URL: sqld.url, TRUST_PROXY: "true" }));
      const [a, b] = copies.map(
        (c) => (path: string, init?: RequestInit) =>
          c.app.handle(new Request(`http://localhost:3000${path}`, init)),
      ) as [TestApp["request"], TestApp["request"]];
      for (let round = 0; round < 3; round++) {
        const identifier = `nobody-${round}`;
        await awayFromWindowEdge();
        const statuses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            guess(i % 2 ? b : a, identifier, `203.0.113.${50 + round}`, i),
          ),
        );
        expect(tally(statuses)).toEqual({ checked: LIMIT, refused: 20 - LIMIT });
      }
    } finally {
      for (const copy of copies) await copy.close();
      await sqld.stop();
    }
  }, 60_000);

  it("across two copies on one file, 10 to each at once: exactly 10 checked", async () => {
    const other = await secondCopy(t);
    try {
      const m = await registerMember(t);
      await awayFromWindowEdge();
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          guess(i % 2 ? other.request : t.request, m.username, "203.0.113.40", i),
        ),
      );
      expect(tally(statuses)).toEqual({ checked: LIMIT, refused: 20 - LIMIT });
    } finally {
      await other.close();
    }
  }, 60_000);
});
