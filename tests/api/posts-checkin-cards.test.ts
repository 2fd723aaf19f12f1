import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { CheckinResult } from "../../src/common/schemas/checkins";
import { checkinCardText, type PostView, postMessages } from "../../src/common/schemas/posts";
import { addSchool, EVERY_DAY, northOf } from "../support/checkins";
import { postClient } from "../support/posts";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

/** Activity cards: a verified check-in shows in the feed as a post of kind 'checkin'. */

let t: TestApp;
let api: ReturnType<typeof postClient>;
/** Saturday 2026-07-11, 11:00 in New York: the gym's open mat is on. */
let clock = new Date("2026-07-11T11:00:00-04:00");
type Member = Awaited<ReturnType<typeof registerMember>>;
type School = Awaited<ReturnType<typeof addSchool>>;
let gym: School;
let owner: Member;
let follower: Member;
let stranger: Member;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  api = postClient(t);
  gym = await addSchool(t, { gym: "Card Gym", sessions: EVERY_DAY("11:00") });
  owner = await registerMember(t, "owner");
  follower = await registerMember(t, "follower");
  stranger = await registerMember(t, "stranger");
  await api.follow(follower, owner.id);
});
afterAll(() => t.close());

const checkIn = async (m: Member, school: School, extra: Record<string, unknown> = {}) => {
  const res = await api.send("POST", "/api/checkins", m, {
    schoolId: school.id,
    ...northOf(school, 0),
    ...extra,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as CheckinResult;
};
const cards = (posts: PostView[]) => posts.filter((p) => p.kind === "checkin");
const setGymNames = (m: Member, on: boolean) =>
  api.send("PATCH", "/api/settings", m, { showCheckInGymNames: on }).then((r) => expect(r.status).toBe(200));

describe("check-in cards", () => {
  let checkinId: number;
  let card: PostView;

  beforeAll(async () => {
    checkinId = (await checkIn(owner, gym)).id;
    card = cards(await api.feed(owner))[0] as PostView;
  });

  it("a verified check-in adds a Public card dated when it was verified", () => {
    expect(card).toEqual({
      id: expect.any(Number),
      kind: "checkin",
      content: checkinCardText(owner.username, { gym: "Card Gym", city: "Testville" }),
      photos: [],
      visibility: "Public",
      createdAt: clock.toISOString(),
      likeCount: 0,
      isLikedByCurrentUser: false,
      user: { id: owner.id, username: owner.username, profilePhoto: null },
      checkin: {
        id: checkinId,
        school: { id: gym.id, gym: "Card Gym", city: "Testville", slug: expect.any(String) },
      },
    });
  });

  it("followers see it in their feed; others read it by id; it is not in the member's post list", async () => {
    expect(cards(await api.feed(follower))).toEqual([card]);
    expect(cards(await api.feed(stranger))).toEqual([]);
    expect(await (await api.send("GET", `/api/posts/${card.id}`, stranger)).json()).toEqual(card);
    expect(cards(await api.ofUser(follower, owner.id))).toEqual([]);
  });

  it("can be liked like a post", async () => {
    expect(await api.like(follower, card.id)).toEqual({
      postId: card.id,
      likeCount: 1,
      isLikedByCurrentUser: true,
    });
    expect(await api.unlike(follower, card.id)).toEqual({
      postId: card.id,
      likeCount: 0,
      isLikedByCurrentUser: false,
    });
  });

  it("with showCheckInGymNames off, others see no gym; the owner still does", async () => {
    await setGymNames(owner, false);
    try {
      const hidden = cards(await api.feed(follower))[0];
      expect([hidden?.content, hidden?.checkin]).toEqual([
        checkinCardText(owner.username, null),
        { id: checkinId, school: null },
      ]);
      expect(hidden?.content).not.toContain("Card Gym");
      expect(cards(await api.feed(owner))[0]).toEqual(card);
    } finally {
      await setGymNames(owner, true);
    }
  });

  it("a pending check-in adds none; verifying it later adds one card, dated then", async () => {
    const other = await addSchool(t, { gym: "Later Gym", sessions: EVERY_DAY("11:00") });
    const pending = await checkIn(owner, other, { ...northOf(other, 500), pending: true });
    const before = cards(await api.feed(owner)).length;
    clock = new Date(clock.getTime() + 20 * 60_000);
    const verify = () =>
      api.send("PATCH", `/api/checkins/${pending.id}/verify`, owner, {
        verified: true,
        ...northOf(other, 0),
      });
    expect((await verify()).status).toBe(200);
    expect((await verify()).status).toBe(409);
    const after = cards(await api.feed(owner));
    expect(after.length).toBe(before + 1);
    expect([after[0]?.checkin?.id, after[0]?.createdAt]).toEqual([pending.id, clock.toISOString()]);
  });

  it("deleting the check-in deletes its card", async () => {
    const other = await addSchool(t, { gym: "Gone Gym", sessions: EVERY_DAY("11:00") });
    const made = await checkIn(owner, other);
    const gone = cards(await api.feed(owner)).find((c) => c.checkin?.id === made.id) as PostView;
    await api.like(follower, gone.id);
    expect((await api.send("DELETE", `/api/checkins/${made.id}`, owner)).status).toBe(200);
    expect(await api.refused(api.send("GET", `/api/posts/${gone.id}`, owner))).toEqual([
      404,
      postMessages.postNotFound,
    ]);
    expect(cards(await api.feed(follower)).map((c) => c.id)).not.toContain(gone.id);
  });
});
