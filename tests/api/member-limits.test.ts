import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localDateAt } from "../../src/common/schedule/open-now";
import { type MemberLimitName, memberLimitTable } from "../../src/server/http/member-limits";
import { addSchool, EVERY_DAY, wallClockAgo } from "../support/checkins";
import { expectTooMany } from "../support/rate-limit";
import { secondCopy } from "../support/second-copy";
import { confirmEmail, jsonFrom, nextPeerIp, registerMember, sessionCookieFrom } from "../support/session";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

type Member = Awaited<ReturnType<typeof registerMember>>;

const LIMIT = 3;
/** Sent at once, split over two copies on one database: LIMIT pass, the rest are refused. */
const SENT = LIMIT + 3;
const ADMIN_EMAIL = "limits-admin@example.com";

let dir: string;
let t: TestApp;
let copy: Awaited<ReturnType<typeof secondCopy>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-limits-"));
  const every = Object.fromEntries(Object.values(memberLimitTable).map((spec) => [spec.env, String(LIMIT)]));
  t = await createTestApp({ ...every, ADMIN_EMAILS: ADMIN_EMAIL, UPLOADS_DIR: dir });
  copy = await secondCopy(t);
});
afterAll(async () => {
  await copy.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** One request as `who`, on the first copy or the second. */
function send(onSecond: boolean, who: Member, call: Call) {
  const init: RequestInit = {
    method: call.method,
    headers: {
      cookie: who.cookie,
      "sec-fetch-site": "same-origin",
      ...(call.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  };
  return onSecond ? copy.request(call.path, init) : t.request(call.path, init);
}

async function post(who: Member, content: string) {
  const res = await t.json(
    "POST",
    "/api/posts",
    { content, visibility: "Public", photos: [] },
    { cookie: who.cookie },
  );
  return ((await res.json()) as { id: number }).id;
}

async function admin(): Promise<Member> {
  const details = { username: "limitsadmin", email: ADMIN_EMAIL, password: "admin password 1" };
  const res = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", details);
  const { user } = (await res.json()) as { user: { id: number } };
  const cookie = sessionCookieFrom(res) ?? "";
  await confirmEmail(t, ADMIN_EMAIL, cookie);
  return { ...details, id: user.id, cookie };
}

/** For each limit a route charges: who sends, and the i-th of the requests sent at once. */
const cases: Record<string, () => Promise<{ who: Member; call: (i: number) => Call }>> = {
  "message.send": async () => {
    const [a, b] = [await registerMember(t, "msga"), await registerMember(t, "msgb")];
    const res = await t.json("POST", `/api/conversations/with/${b.id}`, undefined, { cookie: a.cookie });
    const { id } = (await res.json()) as { id: number };
    return {
      who: a,
      call: (i) => ({ method: "POST", path: `/api/conversations/${id}/messages`, body: { body: `hi ${i}` } }),
    };
  },
  "conversation.create": async () => {
    const a = await registerMember(t, "conva");
    const others = await Promise.all(Array.from({ length: SENT }, () => registerMember(t, "convb")));
    return { who: a, call: (i) => ({ method: "POST", path: `/api/conversations/with/${others[i]?.id}` }) };
  },
  "read.mark": async () => ({
    who: await registerMember(t, "reads"),
    call: (i) => ({
      method: "POST",
      path: i % 2 ? "/api/notifications/read-all" : "/api/notifications/1/read",
    }),
  }),
  "post.create": async () => ({
    who: await registerMember(t, "poster"),
    call: (i) => ({
      method: "POST",
      path: "/api/posts",
      body: { content: `post ${i}`, visibility: "Public", photos: [] },
    }),
  }),
  "post.like": async () => {
    const [a, b] = [await registerMember(t, "likea"), await registerMember(t, "likeb")];
    const id = await post(b, "like me");
    return { who: a, call: (i) => ({ method: i % 2 ? "DELETE" : "POST", path: `/api/posts/${id}/like` }) };
  },
  "content.delete": async () => ({
    who: await registerMember(t, "deleter"),
    call: (i) => ({
      method: "DELETE",
      path: i % 2 ? `/api/posts/${900_000 + i}` : `/api/checkins/${900_000 + i}`,
    }),
  }),
  "user.follow": async () => {
    const [a, b] = [await registerMember(t, "fola"), await registerMember(t, "folb")];
    return {
      who: a,
      call: (i) =>
        i % 2
          ? { method: "DELETE", path: `/api/users/unfollow/${b.id}` }
          : { method: "POST", path: "/api/users/follow", body: { followingId: b.id } },
    };
  },
  "user.block": async () => {
    const [a, b] = [await registerMember(t, "blka"), await registerMember(t, "blkb")];
    return {
      who: a,
      call: (i) =>
        i % 2
          ? { method: "DELETE", path: `/api/users/block/${b.id}` }
          : { method: "POST", path: "/api/users/block", body: { userId: b.id } },
    };
  },
  "favorite.change": async () => {
    const school = await addSchool(t);
    return {
      who: await registerMember(t, "fav"),
      call: (i) =>
        i % 2
          ? { method: "DELETE", path: `/api/favorites/${school.id}` }
          : { method: "POST", path: "/api/favorites", body: { schoolId: school.id } },
    };
  },
  "push.subscribe": async () => {
    // A browser's subscription: a P-256 public key and a 16-byte secret, as a device makes them.
    const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
    const p256dh = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
    const keys = {
      p256dh,
      auth: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url"),
    };
    const endpoint = `https://push.example.com/limits/${Math.random().toString(36).slice(2)}`;
    return {
      who: await registerMember(t, "pusher"),
      call: () => ({ method: "POST", path: "/api/push/subscriptions", body: { endpoint, keys } }),
    };
  },
  "upload.ticket": async () => ({
    who: await registerMember(t, "uploader"),
    call: (i) => ({ method: "POST", path: i % 2 ? "/api/objects/upload" : "/api/users/profile/upload-url" }),
  }),
  "photo.process": async () => ({
    who: await registerMember(t, "photos"),
    call: (i) =>
      i % 2
        ? {
            method: "PUT",
            path: "/api/posts/photos",
            body: { photoURLs: [`${TEST_ORIGIN}/uploads/${"a".repeat(32)}`] },
          }
        : {
            method: "POST",
            path: "/api/users/profile/upload-photo",
            body: { photoURL: `${TEST_ORIGIN}/uploads/${"b".repeat(32)}` },
          },
  }),
  "profile.edit": async () => ({
    who: await registerMember(t, "editor"),
    call: (i) =>
      i % 2
        ? { method: "PATCH", path: "/api/settings", body: { showCity: i % 4 === 1 } }
        : { method: "PATCH", path: "/api/users/profile", body: { aboutMe: `about ${i}` } },
  }),
  // Saying and taking back alternately; each is charged, the repeat and the take-back too.
  "going.change": async () => {
    const school = await addSchool(t, { sessions: EVERY_DAY("10:00") });
    const date = localDateAt(new Date(Date.now() + 2 * 86_400_000), school.timeZone);
    const path = `/api/schools/${school.id}/occurrences/${date}/600/going`;
    return {
      who: await registerMember(t, "goer"),
      call: (i) => ({ method: i % 2 ? "DELETE" : "POST", path }),
    };
  },
  "account.change": async () => ({
    who: await registerMember(t, "account"),
    call: (i) => ({
      method: "POST",
      path: "/api/account/change-password",
      body: {
        currentPassword: `wrong password ${i}`,
        newPassword: "another password",
        confirmPassword: "another password",
      },
    }),
  }),
  // Charged before the policy is asked: a member who keeps no gym spends it on 404s too.
  "school.edit": async () => {
    const school = await addSchool(t);
    return {
      who: await registerMember(t, "schooledit"),
      call: (i) => ({
        method: "PUT",
        path: `/api/schools/${school.id}/visitor-rules`,
        body: { rules: { matFee: i + 1 } },
      }),
    };
  },
  "calendar.rotate": async () => ({
    who: await registerMember(t, "calendar"),
    call: (i) => ({
      method: i % 2 ? "DELETE" : "POST",
      path: `/api/account/calendar${i % 2 ? "" : "/rotate"}`,
    }),
  }),
  // Charged before the check-in is asked: a member who never visited spends it on 403s too.
  "rating.change": async () => {
    const school = await addSchool(t);
    return {
      who: await registerMember(t, "rater"),
      call: (i) =>
        i % 2
          ? { method: "DELETE", path: `/api/schools/${school.id}/rating` }
          : { method: "PUT", path: `/api/schools/${school.id}/rating`, body: { stars: (i % 5) + 1 } },
    };
  },
  "admin.decision": async () => ({
    who: await admin(),
    call: (i) => ({ method: "POST", path: `/api/admin/reports/${900_000 + i}/dismiss` }),
  }),
};

describe("every member limit: requests sent at once over two copies, exactly the limit pass", () => {
  const routeCharged = (Object.keys(memberLimitTable) as MemberLimitName[]).filter(
    (name) => memberLimitTable[name].chargedBy === "route",
  );

  test("each limit a route charges has a case here", () => {
    expect(routeCharged.filter((name) => !cases[name])).toEqual([]);
  });

  for (const name of routeCharged) {
    test(`${name}: ${LIMIT} of ${SENT} pass, the rest get the spec's 429`, async () => {
      const setup = cases[name];
      if (!setup) throw new Error(`no case for ${name}`);
      const { who, call } = await setup();
      const responses = await Promise.all(
        Array.from({ length: SENT }, (_, i) => send(i % 2 === 1, who, call(i))),
      );
      const refused = responses.filter((res) => res.status === 429);
      expect(responses.filter((res) => res.status >= 500)).toEqual([]);
      expect(refused.length).toBe(SENT - LIMIT);
      for (const res of refused) await expectTooMany(res, LIMIT);
      // Another member is not held back by this one's count.
      const other = await registerMember(t, "other");
      const fresh = await send(false, other, call(0));
      expect(fresh.status).not.toBe(429);
    });
  }

  test("a malformed request is refused before it is counted", async () => {
    const who = await registerMember(t, "malformed");
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await send(false, who, { method: "POST", path: "/api/posts", body: { content: 42 } });
      expect(res.status).toBe(400);
    }
    const ok = await send(false, who, {
      method: "POST",
      path: "/api/posts",
      body: { content: "fine", visibility: "Public", photos: [] },
    });
    expect(ok.status).toBe(201);
  });
});

describe("limits the services count themselves", () => {
  const refusedOf = (responses: Response[]) => responses.filter((res) => res.status === 429).length;

  test("e-mail resends: exactly the limit at once over two copies", async () => {
    const who = await registerMember(t, "resend");
    const responses = await Promise.all(
      Array.from({ length: SENT }, (_, i) =>
        send(i % 2 === 1, who, { method: "POST", path: "/api/account/resend-verification" }),
      ),
    );
    expect(refusedOf(responses)).toBe(SENT - LIMIT);
  });

  test("feedback: exactly the limit at once, per member and per guest's address", async () => {
    const school = await addSchool(t);
    const who = await registerMember(t, "feedback");
    const body = { schoolId: school.id, privateComments: "The schedule changed." };
    const asMember = await Promise.all(
      Array.from({ length: SENT }, (_, i) =>
        send(i % 2 === 1, who, { method: "POST", path: "/api/feedback", body }),
      ),
    );
    expect(asMember.filter((res) => res.status >= 500)).toEqual([]);
    expect(refusedOf(asMember)).toBe(SENT - LIMIT);
    const ip = nextPeerIp();
    const asGuest = await Promise.all(
      Array.from({ length: SENT }, () => jsonFrom(t, ip, "POST", "/api/feedback", body)),
    );
    expect(refusedOf(asGuest)).toBe(SENT - LIMIT);
  });

  test("reports: exactly the limit of new ones at once; repeats, even at once, never use the quota", async () => {
    const reporter = await registerMember(t, "reporter");
    // Each author stays within the post limit.
    const authors = await Promise.all(Array.from({ length: SENT }, () => registerMember(t, "author")));
    const ids = await Promise.all(authors.map((author, i) => post(author, `reportable ${i}`)));
    const report = (id: number | undefined) => ({
      method: "POST",
      path: "/api/reports",
      body: { kind: "post", id, reason: "Spam" },
    });
    const first = await send(false, reporter, report(ids[0]));
    expect(first.status).toBe(201);
    const repeats = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i % 2 === 1, reporter, report(ids[0]))),
    );
    expect(repeats.map((res) => res.status)).toEqual(Array(10).fill(200));
    const fresh = await Promise.all(ids.slice(1).map((id, i) => send(i % 2 === 1, reporter, report(id))));
    expect(fresh.filter((res) => res.status === 201).length).toBe(LIMIT - 1);
    expect(refusedOf(fresh)).toBe(SENT - LIMIT);
  });
});

/** `n` schools whose open mat began ten minutes ago, each its own, so no check-in is a repeat. */
const openSchools = (n: number) =>
  Promise.all(Array.from({ length: n }, () => addSchool(t, { sessions: EVERY_DAY(wallClockAgo(10)) })));

const checkIn = (school: { id: number; latitude: number; longitude: number }, far = false) => ({
  method: "POST",
  path: "/api/checkins",
  body: { schoolId: school.id, latitude: school.latitude + (far ? 1 : 0), longitude: school.longitude },
});

const rowsOf = async (sql: string, memberId: number) =>
  Number((await t.app.context.database.client.execute({ sql, args: [memberId] })).rows[0]?.[0] ?? Number.NaN);

// Counted inside the check-in's own transaction (http/charged-write.ts), not by the route.
describe("check-in attempts: counted in the check-in's own write", () => {
  test("near check-ins to different gyms at once over two copies: exactly the limit are written", async () => {
    const who = await registerMember(t, "checkinburst");
    const schools = await openSchools(SENT);
    const responses = await Promise.all(schools.map((school, i) => send(i % 2 === 1, who, checkIn(school))));
    expect(responses.filter((res) => res.status >= 500)).toEqual([]);
    expect(responses.filter((res) => res.status === 201).length).toBe(LIMIT);
    const refused = responses.filter((res) => res.status === 429);
    expect(refused.length).toBe(SENT - LIMIT);
    for (const res of refused) await expectTooMany(res, LIMIT);
    // A refused attempt left nothing behind: no check-in, no feed card, no badge.
    expect(await rowsOf("SELECT count(*) FROM checkins WHERE user_id = ?", who.id)).toBe(LIMIT);
    expect(await rowsOf("SELECT count(*) FROM posts WHERE user_id = ?", who.id)).toBe(LIMIT);
    // Every attempt counted once: the refused ones too, none twice.
    const counted = await t.app.context.database.client.execute({
      sql: "SELECT sum(count) FROM rate_counters WHERE key = ?",
      args: [`limit:checkin.attempt:user:${who.id}`],
    });
    expect(Number(counted.rows[0]?.[0])).toBe(SENT);
  });

  test("refused attempts count too: a far one (400) and a repeat (409) use the quota", async () => {
    const who = await registerMember(t, "checkinrefused");
    const [school, other] = await openSchools(2);
    if (!school || !other) throw new Error("no schools");
    expect((await send(false, who, checkIn(school))).status).toBe(201);
    expect((await send(true, who, checkIn(school))).status).toBe(409);
    expect((await send(false, who, checkIn(other, true))).status).toBe(400);
    await expectTooMany(await send(true, who, checkIn(other)), LIMIT);
    // Once over, every attempt is 429 before anything is judged, on either copy.
    await expectTooMany(await send(false, who, checkIn(school)), LIMIT);
    expect(await rowsOf("SELECT count(*) FROM checkins WHERE user_id = ?", who.id)).toBe(1);
  });

  test("a member over the limit does not cost another's check-in sent with theirs", async () => {
    const [over, fine] = [await registerMember(t, "checkinover"), await registerMember(t, "checkinfine")];
    const schools = await openSchools(SENT + 1);
    const [own, ...others] = schools;
    if (!own) throw new Error("no schools");
    // All on one copy, so their batches are grouped into the same transactions.
    const responses = await Promise.all([
      ...others.map((school) => send(false, over, checkIn(school))),
      send(false, fine, checkIn(own)),
    ]);
    expect(responses.filter((res) => res.status >= 500)).toEqual([]);
    expect(responses.at(-1)?.status).toBe(201);
    expect(responses.filter((res) => res.status === 429).length).toBe(SENT - LIMIT);
    expect(await rowsOf("SELECT count(*) FROM checkins WHERE user_id = ?", fine.id)).toBe(1);
  });
});
