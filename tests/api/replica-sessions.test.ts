import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { LIVE_STREAM_PATH } from "../../src/common/live";
import { generateToken } from "../../src/server/features/auth/tokens";
import { migratedSqld, roundRobin, type ServedCopy, serveCopy } from "../support/round-robin";
import { newMember, sessionCookieFrom } from "../support/session";

/**
 * Issue 19 §6: two copies, each on its own embedded replica of one sqld, behind a
 * round-robin proxy. They pull only once an hour, so a session written through one copy is
 * not in the other's file when the browser's next request lands there. That copy must ask
 * its primary before it answers 401, and must never clear the cookie for its own lag.
 */
const SIGN_UPS = 16;
let sqld: Awaited<ReturnType<typeof migratedSqld>>;
let copies: ServedCopy[] = [];
let proxy: ReturnType<typeof roundRobin>;

beforeAll(async () => {
  sqld = await migratedSqld();
  copies = await Promise.all(
    ["replica-a", "replica-b"].map((name) =>
      serveCopy({ ...sqld.replicaEnv(name, 3600), SIGNUP_LIMIT: "1000", SESSION_CACHE_MS: "0" }),
    ),
  );
  proxy = roundRobin(copies.map((c) => c.url));
}, 60_000);

afterAll(async () => {
  await proxy?.stop();
  for (const copy of copies) await copy.close();
  copies = [];
  await sqld?.stop();
});

const sameOrigin = { "sec-fetch-site": "same-origin" };

/** Set-Cookie headers that would make the browser forget its session. */
const clearing = (res: Response) =>
  res.headers.getSetCookie().filter((h) => /^(__Host-)?om_session=;/.test(h) || /max-age=0/i.test(h));

/** Whether the copy the proxy sends the next request to has this member's session in its own file. */
async function nextCopyHasSession(userId: number): Promise<boolean> {
  const copy = copies[proxy.next()] as ServedCopy;
  const rows = await copy.app.context.database.client.execute({
    sql: "SELECT count(*) FROM sessions WHERE user_id = ?",
    args: [userId],
  });
  return Number(rows.rows[0]?.[0]) > 0;
}

async function signUp() {
  const res = await fetch(`${proxy.url}/api/auth/register`, {
    method: "POST",
    headers: { ...sameOrigin, "content-type": "application/json" },
    body: JSON.stringify(newMember("lag")),
  });
  expect(res.status).toBe(201);
  const cookie = sessionCookieFrom(res);
  if (!cookie) throw new Error("no session cookie");
  return { id: ((await res.json()) as { user: { id: number } }).user.id, cookie };
}

const me = (cookie: string) => fetch(`${proxy.url}/api/auth/me`, { headers: { cookie } });

async function openStream(cookie: string) {
  const res = await fetch(`${proxy.url}${LIVE_STREAM_PATH}`, { headers: { cookie } });
  // Only the answer's head matters here: let the stream go.
  await res.body?.cancel();
  return res;
}

describe("sessions on lagging embedded replicas behind a round-robin proxy", () => {
  it(`${SIGN_UPS} sign-ups: each next request, on the copy that has not pulled yet, is signed in`, async () => {
    const outcomes: string[] = [];
    let lagged = 0;
    for (let i = 0; i < SIGN_UPS; i++) {
      const member = await signUp();
      if (!(await nextCopyHasSession(member.id))) lagged++;
      // Half the members' first request is /api/auth/me, the others' the event stream; the
      // writer alternates between the two copies (three requests per member).
      const streamFirst = Math.floor(i / 2) % 2 === 1;
      const first = streamFirst ? await openStream(member.cookie) : await me(member.cookie);
      const second = streamFirst ? await me(member.cookie) : await openStream(member.cookie);
      for (const [what, res] of [
        [streamFirst ? "stream" : "me", first],
        [streamFirst ? "me" : "stream", second],
      ] as const) {
        const type = res.headers.get("content-type") ?? "";
        const ok = res.status === 200 && (what === "me" || type.startsWith("text/event-stream"));
        outcomes.push(`${what} ${ok ? "signed in" : res.status}${clearing(res).length ? " cleared" : ""}`);
      }
    }
    // The lag was real: every first request landed on a copy without the session in its file.
    expect(lagged).toBe(SIGN_UPS);
    expect(outcomes.filter((o) => o !== "me signed in" && o !== "stream signed in")).toEqual([]);
    expect(outcomes).toHaveLength(SIGN_UPS * 2);
  }, 60_000);

  it("a cookie the primary does not know either is refused and cleared", async () => {
    const res = await me(`om_session=${generateToken()}`);
    expect(res.status).toBe(401);
    expect(clearing(res)).toHaveLength(1);
  });

  it("a sign-out through one copy is refused by the other, which pulls before it answers", async () => {
    const member = await signUp();
    // The other copy: it has never read this session.
    expect((await me(member.cookie)).status).toBe(200);
    const out = await fetch(`${proxy.url}/api/auth/logout`, {
      method: "POST",
      headers: { ...sameOrigin, cookie: member.cookie },
    });
    expect(out.status).toBe(200);
    // The copy that pulled for this session earlier holds it until its next pull (an hour here,
    // DATABASE_SYNC_INTERVAL in production); the copy that wrote the sign-out refuses it now.
    const answers = [await me(member.cookie), await me(member.cookie)].map((r) => r.status);
    expect(answers).toContain(401);
  });
});
