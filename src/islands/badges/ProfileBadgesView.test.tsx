import { beforeEach, describe, expect, it, mock } from "bun:test";
import { badgePrivacyTexts } from "../../common/schemas/privacy-texts";
import { withDom } from "../home/test-dom";
import { render, wait } from "../home/test-render";
import { ProfileBadgesView } from "./ProfileBadgesView";
import { nextClosest } from "./queries/badges";

withDom();

let calls: string[] = [];
const answers: Record<string, () => Response> = {
  "GET /api/badges": () =>
    Response.json([
      { id: 1, badgeCode: "novice", metricValue: 1, awardedAt: "2026-03-01T12:00:00.000Z" },
      { id: 2, badgeCode: "hopper", metricValue: 3, awardedAt: "2026-04-02T12:00:00.000Z" },
    ]),
  "GET /api/badges/42": () => Response.json([]),
  "GET /api/badge-definitions": () =>
    Response.json([
      {
        code: "novice",
        name: "Novice",
        description: "Your first check-in",
        category: "c",
        sortOrder: 1,
        threshold: 1,
        criteriaType: "t",
      },
      {
        code: "hopper",
        name: "Hopper",
        description: "Three gyms",
        category: "g",
        sortOrder: 1,
        threshold: 3,
        criteriaType: "u",
      },
    ]),
  "GET /api/badges/progress": () =>
    Response.json({
      totalCheckins: 4,
      uniqueGyms: 3,
      uniqueStates: 1,
      alphabetProgress: 2,
      nextClosest: [
        {
          code: "apprentice",
          name: "Apprentice",
          description: "10 check-ins",
          current: 4,
          threshold: 10,
          percent: 40,
        },
        {
          code: "journeyman",
          name: "Journeyman",
          description: "5 gyms",
          current: 3,
          threshold: 5,
          percent: 60,
        },
      ],
    }),
};

beforeEach(() => {
  calls = [];
  globalThis.fetch = mock(async (url: string | URL | Request, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}`;
    calls.push(key);
    return (answers[key] ?? (() => new Response("", { status: 404 })))();
  }) as unknown as typeof fetch;
});

describe("Profile badges", () => {
  it("lists the owner's badges newest first and the next closest with bars and percents", async () => {
    const { container, unmount } = await render(<ProfileBadgesView userId={1} isOwner={true} />);
    await wait(40);
    const earned = [...container.querySelectorAll("#badges-title + ul li")].map((li) => li.textContent);
    expect(earned).toEqual([
      "HopperThree gymsEarned Apr 2, 2026",
      "NoviceYour first check-inEarned Mar 1, 2026",
    ]);
    // Each badge's own drawn picture, not an emoji (issue 23).
    const pictures = [...container.querySelectorAll("#badges-title + ul li svg.badge-icon")];
    expect(pictures.map((svg) => svg.getAttribute("data-badge"))).toEqual(["hopper", "novice"]);
    expect(container.textContent).toContain("Next Closest Badges");
    const bars = [...container.querySelectorAll("progress")];
    expect(bars.map((b) => b.getAttribute("value"))).toEqual(["40", "60"]);
    expect(container.textContent).toContain("Apprentice40%");
    expect(bars[0]?.getAttribute("aria-labelledby")).toBe("next-badge-apprentice");
    await unmount();
  });

  it("shows another member's badges and no progress", async () => {
    const { container, unmount } = await render(<ProfileBadgesView userId={42} isOwner={false} />);
    await wait(40);
    expect(container.textContent).toContain("No badges yet.");
    expect(container.textContent).not.toContain("Next Closest Badges");
    expect(calls).not.toContain("GET /api/badges/progress");
    await unmount();
  });

  it("keeps up to 4, drops finished ones and caps the percent", () => {
    const b = (code: string, percent: number) => ({
      code,
      name: code,
      description: "",
      current: 1,
      threshold: 2,
      percent,
    });
    const list = nextClosest({
      totalCheckins: 0,
      uniqueGyms: 0,
      uniqueStates: 0,
      alphabetProgress: 0,
      nextClosest: [b("a", 100), b("b", 10.4), b("c", 20), b("d", 30), b("e", 40), b("f", 50)],
    });
    expect(list.map((x) => [x.code, x.percent])).toEqual([
      ["b", 10],
      ["c", 20],
      ["d", 30],
      ["e", 40],
    ]);
  });
});

describe("badges kept private (issue 23: hidden is never shown as none)", () => {
  it("another member reads 'Badges are private.', not 'No badges yet', and nothing is fetched", async () => {
    const { container, unmount } = await render(
      <ProfileBadgesView userId={42} isOwner={false} shared={false} awards={[]} />,
    );
    await wait(40);
    expect(container.textContent).toContain(badgePrivacyTexts.hidden);
    expect(container.textContent).not.toContain("No badges yet");
    expect(calls).toEqual([]);
    await unmount();
  });

  it("the owner reads the same state in their own words: private, or seen by others", async () => {
    for (const [shared, text] of [
      [false, badgePrivacyTexts.ownerPrivate],
      [true, badgePrivacyTexts.ownerShared],
    ] as const) {
      const { container, unmount } = await render(
        <ProfileBadgesView userId={1} isOwner={true} shared={shared} awards={[]} />,
      );
      expect(container.textContent).toContain(text);
      await unmount();
    }
  });
});
