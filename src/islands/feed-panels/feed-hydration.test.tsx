/**
 * The feed's islands hydrate from the server's props without asking the API again: the
 * first page of posts, the badge progress and the check-ins are seeded into the page's
 * QueryClient (architecture: "Islands get their first data as props").
 */
import { afterEach, describe, expect, it, spyOn } from "bun:test";
import { act, type ReactElement } from "react";
import { type CheckinView, recentCheckinsOf } from "../../common/schemas/checkins";
import FeedProgress from "../FeedProgress";
import FeedSaved from "../FeedSaved";
import { withDom } from "../home/test-dom";
import { wait } from "../home/test-render";
import Newsfeed from "../Newsfeed";
import { mockFetch, pageOf } from "../posts/test-fixtures";
import { resetPageQueryClient } from "../users/query-client";

withDom();

afterEach(() => resetPageQueryClient());

/** Renders `ui` to HTML as the server does, then hydrates that HTML in a fresh page cache. */
async function hydrateLikeTheBrowser(ui: ReactElement) {
  const { renderToString } = await import("react-dom/server");
  const { hydrateRoot } = await import("react-dom/client");
  const container = document.createElement("div");
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  // The browser's cache starts empty: only the props can fill it.
  resetPageQueryClient();
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, ui);
  });
  await wait(50);
  return {
    container,
    unmount: async () => {
      await act(async () => root?.unmount());
      container.remove();
    },
  };
}

const gym = { gym: "Bravo Grappling", city: "Austin", slug: "bravo", timeZone: "America/Chicago" };
/** Twelve check-ins, newest first, as GET /api/checkins lists them. */
const twelveCheckins: CheckinView[] = Array.from({ length: 12 }, (_, i) => ({
  id: 12 - i,
  schoolId: 2,
  checkedInAt: `2026-02-${String(12 - i).padStart(2, "0")}T18:00:00.000Z`,
  localDate: `2026-02-${String(12 - i).padStart(2, "0")}`,
  verified: true,
  school: gym,
}));

describe("feed hydration", () => {
  it("fetches no posts, progress or check-ins, and matches the server's HTML", async () => {
    const calls = mockFetch({
      "GET /api/location/ip": () =>
        Response.json({ latitude: 30, longitude: -97, city: "Austin", region: "TX" }),
    });
    const errors = spyOn(console, "error").mockImplementation(() => undefined);
    const viewer = { id: 7, username: "ana", profilePhoto: null };
    const progress = {
      totalCheckins: 1,
      uniqueGyms: 1,
      uniqueStates: 1,
      alphabetProgress: 1,
      nextClosest: [],
    };
    const ui = (
      <>
        <FeedProgress progress={progress} shareBadgeProgressPublic={true} />
        <FeedSaved
          savedSchools={[{ schoolId: 1, name: "Alpha BJJ", city: "Austin", slug: "alpha" }]}
          checkins={recentCheckinsOf(twelveCheckins)}
        />
        <Newsfeed viewer={viewer} posts={pageOf(20, 10)} />
      </>
    );
    const { container, unmount } = await hydrateLikeTheBrowser(ui);
    try {
      expect(container.querySelectorAll("article")).toHaveLength(10);
      expect(container.textContent).toContain("Alpha BJJ");
      expect(container.textContent).toContain("Check-ins1");
      // The newest 10 of the member's 12 check-ins, and the count of all of them.
      expect(container.querySelectorAll(".checkin-item")).toHaveLength(10);
      expect(container.querySelector(".checkins-more")?.textContent).toBe("Show all 12 check-ins");
      expect(container.textContent).toContain("Check-ins 12");
      // Only the location, which the page asks for on load (spec §4), goes to the network.
      expect(calls.map((c) => c.url)).toEqual(["/api/location/ip"]);
      // React reports a server/client difference through console.error. (Other dev warnings,
      // such as two renderers in one test process, are not this test's business.)
      const mismatches = errors.mock.calls
        .map((args) => args.map(String).join(" "))
        .filter((text) => /hydrat/i.test(text));
      expect(mismatches).toEqual([]);
    } finally {
      errors.mockRestore();
      await unmount();
    }
  });
});
