import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { accountMessages } from "../../src/common/schemas/account";
import { authMessages } from "../../src/common/schemas/auth";
import { type CheckinResult, checkinMessages } from "../../src/common/schemas/checkins";
import { addSchool, EVERY_DAY, northOf } from "../support/checkins";
import { jsonFrom, nextPeerIp, registerMember } from "../support/session";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

/**
 * Issue 19 parts 5 and 7: requests a client can send with a field (or the whole body) left
 * out answer the spec's texts, never valibot's ("Invalid key: …", "Invalid type: Expected
 * Object …"); change password's short password has §5's own wording; favourites carry an id.
 */

let t: TestApp;
/** Saturday 2026-07-11, 11:00 in New York: the gym's open mat is on. */
const clock = new Date("2026-07-11T11:00:00-04:00");
type Member = Awaited<ReturnType<typeof registerMember>>;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

/** A request as a browser sends it: `body` undefined sends none at all (no content type either). */
const send = (method: string, path: string, m: Member, body?: string) =>
  t.request(path, {
    method,
    headers: {
      cookie: m.cookie,
      "sec-fetch-site": "same-origin",
      origin: TEST_ORIGIN,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body,
  });

/** Status, message and every issue's message: no raw validation text may hide among them. */
async function answer(res: Response) {
  const body = (await res.json()) as { message: string; issues?: { message: string }[] };
  return { status: res.status, message: body.message, issues: (body.issues ?? []).map((i) => i.message) };
}
const raw = /Invalid (key|type)|Expected/;

describe("DELETE /api/account/delete", () => {
  it.each([
    ["no body", undefined],
    ["an empty object", "{}"],
    ["null", "null"],
    ["a string", '"x"'],
  ])("with %s answers 'Current password is required' and deletes nothing", async (_, body) => {
    const m = await registerMember(t);
    const got = await answer(await send("DELETE", "/api/account/delete", m, body));
    expect([got.status, got.message]).toEqual([400, accountMessages.currentPasswordRequired]);
    expect(got.issues.filter((i) => raw.test(i))).toEqual([]);
    expect((await t.request("/api/auth/me", { headers: { cookie: m.cookie } })).status).toBe(200);
  });
});

describe("the other account changes without a body", () => {
  it.each([
    ["/api/account/change-password", accountMessages.currentPasswordRequired],
    ["/api/account/change-username", accountMessages.usernameRequired],
    ["/api/account/change-email", authMessages.emailInvalid],
  ])("%s answers its first field's spec message", async (path, message) => {
    const m = await registerMember(t);
    const got = await answer(await send("POST", path, m));
    expect([got.status, got.message]).toEqual([400, message]);
    expect(got.issues.filter((i) => raw.test(i))).toEqual([]);
  });
});

describe("change password", () => {
  it("a short new password answers §5's 'Password must be at least 8 characters long', alone", async () => {
    const m = await registerMember(t);
    const body = JSON.stringify({
      currentPassword: m.password,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(await answer(await send("POST", "/api/account/change-password", m, body))).toEqual({
      status: 400,
      message: "Password must be at least 8 characters long",
      issues: ["Password must be at least 8 characters long"],
    });
    // Registration keeps its own wording.
    const register = await jsonFrom(t, nextPeerIp(), "POST", "/api/auth/register", {
      username: "shortpw",
      email: "shortpw@example.com",
      password: "short",
    });
    expect((await answer(register)).message).toBe(authMessages.passwordMin);
  });
});

describe("check-ins without coordinates", () => {
  let member: Member;
  let pending: CheckinResult;
  let gym: Awaited<ReturnType<typeof addSchool>>;

  beforeAll(async () => {
    member = await registerMember(t);
    gym = await addSchool(t, { sessions: EVERY_DAY("11:00") });
    const res = await send(
      "POST",
      "/api/checkins",
      member,
      JSON.stringify({ schoolId: gym.id, ...northOf(gym, 500), pending: true }),
    );
    expect(res.status).toBe(201);
    pending = (await res.json()) as CheckinResult;
  });

  it.each([
    ["no body", undefined],
    ["only verified", '{"verified":true}'],
    ["one coordinate", '{"verified":true,"latitude":40.7}'],
    ["null coordinates", '{"verified":true,"latitude":null,"longitude":null}'],
  ])("PATCH verify with %s answers 'Location required' and leaves it pending", async (_, body) => {
    const got = await answer(await send("PATCH", `/api/checkins/${pending.id}/verify`, member, body));
    expect([got.status, got.message]).toEqual([400, checkinMessages.locationRequired]);
    expect(got.issues.filter((i) => raw.test(i))).toEqual([]);
    const row = await t.app.context.database.client.execute({
      sql: "SELECT verified FROM checkins WHERE id = ?",
      args: [pending.id],
    });
    expect(Number(row.rows[0]?.[0])).toBe(0);
  });

  it("POST without coordinates is 'Location required'; without schoolId, its own message", async () => {
    const noPosition = await answer(
      await send("POST", "/api/checkins", member, JSON.stringify({ schoolId: gym.id })),
    );
    expect([noPosition.status, noPosition.message]).toEqual([400, checkinMessages.locationRequired]);
    const noSchool = await answer(
      await send("POST", "/api/checkins", member, JSON.stringify(northOf(gym, 0))),
    );
    expect([noSchool.status, noSchool.message]).toEqual([400, "schoolId must be a number"]);
  });

  it("with the coordinates it still verifies", async () => {
    const res = await send(
      "PATCH",
      `/api/checkins/${pending.id}/verify`,
      member,
      JSON.stringify({ verified: true, ...northOf(gym, 0) }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as CheckinResult).verified).toBe(true);
  });
});

describe("GET /api/favorites", () => {
  it("items carry their id (spec §3 Favorite), the one the favourite routes take", async () => {
    const m = await registerMember(t);
    const [a, b] = [await addSchool(t), await addSchool(t)];
    for (const school of [a, b]) {
      expect((await send("POST", "/api/favorites", m, JSON.stringify({ schoolId: school.id }))).status).toBe(
        200,
      );
    }
    const items = (await (await send("GET", "/api/favorites", m)).json()) as {
      id: number;
      savedAt: string;
      school: { id: number };
    }[];
    expect(items.map((i) => [i.id, i.school.id])).toEqual([
      [b.id, b.id],
      [a.id, a.id],
    ]);
    expect(items.every((i) => typeof i.savedAt === "string")).toBe(true);
    // The id works where a favourite is addressed.
    expect(await (await send("GET", `/api/favorites/check/${items[0]?.id}`, m)).json()).toEqual({
      isFavorite: true,
    });
    expect((await send("DELETE", `/api/favorites/${items[0]?.id}`, m)).status).toBe(200);
    const left = (await (await send("GET", `/api/favorites/user/${m.id}`, m)).json()) as { id: number }[];
    expect(left.map((i) => i.id)).toEqual([a.id]);
  });
});
