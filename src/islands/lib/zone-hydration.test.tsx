/**
 * Issue 23: the islands of /feed, /profile and /users/{id} hydrate without React's mismatch
 * error when the browser's zone is not the server's. The server's HTML is written by a process
 * of its own in UTC (tests/support/render-islands.tsx); this process is the browser, in
 * Los Angeles, with the islands loaded only after its zone is set (a formatter made without a
 * zone keeps the zone it was made in).
 */
process.env.TZ = "America/Los_Angeles";

import { afterEach, describe, expect, it, spyOn } from "bun:test";
import { act, type ComponentType } from "react";
import { renderIslandsIn } from "../../../tests/support/zones";
import type { CheckinView } from "../../common/schemas/checkins";
import { withDom } from "../home/test-dom";
import { wait } from "../home/test-render";
import { mockFetch, pageOf } from "../posts/test-fixtures";
import { type IslandName, islandRegistry } from "../registry";
import { resetPageQueryClient } from "../users/query-client";

withDom();
afterEach(() => resetPageQueryClient());

/** 03:30 UTC on March 2nd: March 1st in the evening in Los Angeles (19:30) and New York (22:30). */
const AT = "2026-03-02T03:30:00.000Z";
const nyGym = { gym: "Alpha BJJ", city: "New York", slug: "alpha-bjj", timeZone: "America/New_York" };
const checkins: CheckinView[] = [
  { id: 1, schoolId: 3, checkedInAt: AT, localDate: "2026-03-01", verified: true, school: nyGym },
];
/** Another member's check-in whose gym they hide: no zone but the reader's. */
const hiddenGym: CheckinView[] = [
  { id: 2, schoolId: null, checkedInAt: AT, localDate: null, verified: true, school: null },
];
const awards = [
  { id: 5, badgeCode: "first_checkin", metricValue: 1, awardedAt: AT, name: "First Roll", description: "d" },
];
const progress = { totalCheckins: 1, uniqueGyms: 1, uniqueStates: 1, alphabetProgress: 1, nextClosest: [] };
const viewer = { id: 7, username: "ana", profilePhoto: null };

const islands: { name: IslandName; props: object }[] = [
  { name: "FeedProgress", props: { progress, shareBadgeProgressPublic: true } },
  { name: "FeedSaved", props: { savedSchools: [], checkins: { items: checkins, total: 1 } } },
  { name: "Newsfeed", props: { viewer, posts: pageOf(20, 3) } },
  { name: "ProfileBadges", props: { userId: 7, isOwner: true, awards, progress } },
  { name: "ProfileActivity", props: { userId: 7, isOwner: true, checkins } },
  {
    name: "ProfilePosts",
    props: { userId: 7, username: "ana", isOwner: true, viewerId: 7, posts: pageOf(20, 3) },
  },
  { name: "ProfileBadges", props: { userId: 8, isOwner: false, awards, progress: null } },
  { name: "ProfileActivity", props: { userId: 8, isOwner: false, checkins: hiddenGym } },
];

describe("hydration in a browser zone that is not the server's", () => {
  it("the feed's and the profiles' islands match the server's HTML, then show the reader's times", async () => {
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe("America/Los_Angeles");
    mockFetch({
      "GET /api/location/ip": () =>
        Response.json({ latitude: 30, longitude: -97, city: "Austin", region: "TX" }),
    });
    const serverHtml = await renderIslandsIn("UTC", islands);
    const { hydrateRoot } = await import("react-dom/client");
    const errors = spyOn(console, "error").mockImplementation(() => undefined);
    const containers: HTMLElement[] = [];
    const roots: ReturnType<typeof hydrateRoot>[] = [];
    try {
      for (const [i, { name, props }] of islands.entries()) {
        const Component = (await islandRegistry[name]()).default as ComponentType<object>;
        const container = document.createElement("div");
        container.innerHTML = serverHtml[i] ?? "";
        document.body.append(container);
        containers.push(container);
        resetPageQueryClient();
        await act(async () => {
          roots.push(
            hydrateRoot(container, <Component {...props} />, {
              onRecoverableError: (error) => console.error(error),
            }),
          );
        });
      }
      await wait(50);
      const mismatches = errors.mock.calls
        .map((args) => args.map(String).join(" "))
        .filter((text) => /hydrat|did not match|mismatch/i.test(text));
      expect(mismatches).toEqual([]);

      const text = (i: number) => containers[i]?.textContent ?? "";
      // A check-in is written in its gym's zone, by the server and the browser alike.
      expect(serverHtml[1]).toContain("Mar 1, 2026, 10:30 PM");
      expect(text(1)).toContain("Mar 1, 2026, 10:30 PM");
      expect(text(4)).toContain("Mar 1, 2026, 10:30 PM");
      // Without a gym: UTC (so marked) in the server's HTML, the reader's own time once hydrated.
      expect(serverHtml[7]).toContain("Mar 2, 2026, 3:30 AM UTC");
      expect(text(7)).toContain("Mar 1, 2026, 7:30 PM");
      // A badge's day: UTC's in the HTML, the reader's once hydrated.
      expect(serverHtml[3]).toContain("Earned <time");
      expect(serverHtml[3]).toContain("Mar 2, 2026");
      expect(text(3)).toContain("Earned Mar 1, 2026");
      expect(text(6)).toContain("Earned Mar 1, 2026");
    } finally {
      errors.mockRestore();
      for (const root of roots) await act(async () => root.unmount());
      for (const container of containers) container.remove();
    }
  }, 20_000);
});
