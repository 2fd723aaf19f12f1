/**
 * Issue 23, "Badge privacy contradicts itself": the feed's 'keep private' words, the owner's
 * profile and what another member sees are one state (showBadgeCount), and a hidden list is
 * said to be private, never shown as 'No badges yet'. Read from the HTML as sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { badgePrivacyTexts } from "../../src/common/schemas/privacy-texts";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof registerMember>>;

async function html(path: string, member: Member) {
  const res = await t.request(path, { headers: { cookie: member.cookie } });
  expect(res.status).toBe(200);
  return res.text();
}

function islandProps(body: string, name: string): Record<string, unknown> | null {
  const id = body.match(new RegExp(`data-island="${name}" data-island-id="(island-\\d+)"`))?.[1];
  const json =
    id && body.match(new RegExp(`<script type="application/json" id="${id}-props">(.*?)</script>`))?.[1];
  return json ? JSON.parse(json) : null;
}

describe("one honest badge privacy state", () => {
  it("hidden by default: the owner's feed and profile say only they see them, another member reads 'Badges are private.'", async () => {
    const owner = await registerMember(t, "bpowner");
    const viewer = await registerMember(t, "bpviewer");

    const feed = await html("/feed", owner);
    expect(islandProps(feed, "FeedProgress")).toMatchObject({ shareBadgeProgressPublic: false });
    expect(feed).toContain(badgePrivacyTexts.ownerPrivate);
    expect(feed).not.toContain("Others can see");

    const own = await html("/profile", owner);
    expect(islandProps(own, "ProfileBadges")).toMatchObject({ isOwner: true, shared: false });
    expect(own).toContain(badgePrivacyTexts.ownerPrivate);

    const theirs = await html(`/users/${owner.id}`, viewer);
    expect(islandProps(theirs, "ProfileBadges")).toMatchObject({ isOwner: false, shared: false });
    expect(theirs).toContain(badgePrivacyTexts.hidden);
    expect(theirs).not.toContain("No badges yet");
  });

  it("the feed's toggle (both names of the setting) shows them: the owner reads so, and another member sees the list", async () => {
    const owner = await registerMember(t, "bpshare");
    const viewer = await registerMember(t, "bpsee");
    const res = await t.json(
      "PATCH",
      "/api/settings",
      { shareBadgeProgressPublic: true, showBadgeCount: true },
      { cookie: owner.cookie },
    );
    expect(res.status).toBe(200);

    const feed = await html("/feed", owner);
    expect(islandProps(feed, "FeedProgress")).toMatchObject({ shareBadgeProgressPublic: true });
    expect(feed).toContain(badgePrivacyTexts.ownerShared);
    expect(await html("/profile", owner)).toContain(badgePrivacyTexts.ownerShared);

    const theirs = await html(`/users/${owner.id}`, viewer);
    expect(islandProps(theirs, "ProfileBadges")).toMatchObject({ isOwner: false, shared: true });
    expect(theirs).not.toContain(badgePrivacyTexts.hidden);
    expect(theirs).toContain("No badges yet.");
  });

  it("shareBadgeProgressPublic alone no longer claims others see the badges while they cannot", async () => {
    const owner = await registerMember(t, "bpold");
    // The default: shareBadgeProgressPublic true, showBadgeCount false (what others are refused by).
    const feed = await html("/feed", owner);
    expect(feed).not.toContain(badgePrivacyTexts.ownerShared);
    const badges = await t.request(`/api/badges/${owner.id}`, {
      headers: { cookie: (await registerMember(t, "bpapi")).cookie },
    });
    expect(await badges.json()).toEqual([]);
  });
});
