import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { IDEMPOTENCY_HEADER } from "../../src/server/http/idempotency";
import { raceOnOneKey } from "../support/idempotency";
import { migratedSqld, type ServedCopy, serveCopy } from "../support/round-robin";
import { newMember, sessionCookieFrom } from "../support/session";
import { TEST_ORIGIN } from "../support/test-app";

/**
 * Issue 19 §6, retries across copies: two copies on embedded replicas of one sqld that pull
 * only hourly. A post sent through one and retried through the other (the first copy died,
 * or the answer was lost) is stored once and the retry gets the first answer, although the
 * second copy's file does not have the key yet when the retry arrives.
 */
let sqld: Awaited<ReturnType<typeof migratedSqld>>;
let copies: ServedCopy[] = [];

beforeAll(async () => {
  sqld = await migratedSqld();
  copies = await Promise.all(["idem-a", "idem-b"].map((name) => serveCopy(sqld.replicaEnv(name, 3600))));
}, 60_000);
afterAll(async () => {
  for (const copy of copies) await copy.close();
  copies = [];
  await sqld?.stop();
});

const copy = (i: number) => copies[i] as ServedCopy;
const send = (i: number, path: string, init: RequestInit = {}) =>
  copy(i).app.handle(new Request(`${TEST_ORIGIN}${path}`, init));

async function signUp(i: number) {
  const res = await send(i, "/api/auth/register", {
    method: "POST",
    headers: { "sec-fetch-site": "same-origin", "content-type": "application/json" },
    body: JSON.stringify(newMember("idem")),
  });
  expect(res.status).toBe(201);
  return {
    id: ((await res.json()) as { user: { id: number } }).user.id,
    cookie: sessionCookieFrom(res) ?? "",
  };
}

const postWithKey = (i: number, cookie: string, key: string) =>
  send(i, "/api/posts", {
    method: "POST",
    headers: {
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
      cookie,
      [IDEMPOTENCY_HEADER]: key,
    },
    body: JSON.stringify({ content: "Retried through another copy", visibility: "Public", photos: [] }),
  });

const onPrimary = async (sql: string, args: (string | number)[]) =>
  Number((await copy(0).app.context.database.client.batch([{ sql, args }], "write"))[0]?.rows[0]?.[0]);

describe("Idempotency-Key across embedded replicas of one sqld", () => {
  it("a post retried through the other copy, which has not pulled the key: one post, the first answer", async () => {
    const member = await signUp(0);
    const first = await postWithKey(0, member.cookie, "retry-elsewhere");
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    // The other copy's file has neither the post nor the key yet.
    const local = await copy(1).app.context.database.client.execute({
      sql: "SELECT count(*) FROM idempotency_keys WHERE member_id = ?",
      args: [member.id],
    });
    expect(Number(local.rows[0]?.[0])).toBe(0);
    const retry = await postWithKey(1, member.cookie, "retry-elsewhere");
    expect([retry.status, await retry.json()]).toEqual([201, firstBody]);
    expect(await onPrimary("SELECT count(*) FROM posts WHERE user_id = ?", [member.id])).toBe(1);
  });

  it("both copies past the lookup at once: the primary keeps one row, both answers name it", async () => {
    const member = await signUp(1);
    const dbs = copies.map((c) => c.app.context.database.db);
    const results = await raceOnOneKey(dbs, member.id, "replica-race");
    expect(results[0]?.id).toBe(results[1]?.id as number);
    expect(await onPrimary("SELECT count(*) FROM posts WHERE content LIKE 'replica-race %'", [])).toBe(1);
  });
});
