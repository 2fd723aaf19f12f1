/**
 * Issue 23: the badges are drawn as SVG, one distinct picture per badge, and no emoji is left
 * where a badge is shown (an emoji shows as an empty box without an emoji font).
 */
import { describe, expect, it } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { BADGE_CODES, BADGE_DEFINITIONS } from "../../../common/badges";
import { BadgeProgressPanel } from "../../feed-panels/BadgeProgressPanel";
import { PageQueries } from "../../users/PageQueries";
import { EarnedBadges, NextClosestBadges } from "../BadgeList";
import { ProfileBadgesView } from "../ProfileBadgesView";
import { BadgeIcon } from "./BadgeIcon";
import { BADGE_GLYPHS } from "./glyphs";

/** Pictographic characters and the emoji ranges, with variation selectors and joiners. */
const EMOJI = /\p{Extended_Pictographic}|[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}]|\u{FE0F}/u;

const awards = BADGE_DEFINITIONS.map((d, i) => ({
  id: i + 1,
  badgeCode: d.code,
  metricValue: d.threshold,
  awardedAt: "2026-03-01T12:00:00.000Z",
  name: d.name,
  description: d.description,
}));
const progress = {
  totalCheckins: 4,
  uniqueGyms: 3,
  uniqueStates: 2,
  alphabetProgress: 3,
  nextClosest: BADGE_DEFINITIONS.slice(0, 4).map((d) => ({
    code: d.code,
    name: d.name,
    description: d.description,
    current: 0,
    threshold: d.threshold,
    percent: 10,
  })),
};

describe("badge icons", () => {
  it("draws each of the 17 badges, each picture different", () => {
    expect(Object.keys(BADGE_GLYPHS).sort()).toEqual([...BADGE_CODES].sort());
    const pictures = BADGE_CODES.map((code) => renderToStaticMarkup(<BadgeIcon code={code} />));
    // The same disc for a category, a different glyph for each badge.
    const glyphs = pictures.map((svg) => svg.replace(/^.*?<g[^>]*>/, "").replace(/data-badge="[^"]*"/, ""));
    expect(new Set(glyphs).size).toBe(17);
    for (const svg of pictures) {
      expect(svg).toStartWith("<svg");
      expect(svg).toContain('viewBox="0 0 24 24"');
      expect(svg).toContain('aria-hidden="true"');
      expect(svg).not.toMatch(EMOJI);
    }
  });

  it("is an image named by its label where no name is beside it, and draws unknown codes", () => {
    const labelled = renderToStaticMarkup(<BadgeIcon code="ronin" label="Ronin" />);
    expect(labelled).toContain('role="img"');
    expect(labelled).toContain('aria-label="Ronin"');
    expect(labelled).not.toContain("aria-hidden");
    expect(renderToStaticMarkup(<BadgeIcon code="from_the_future" />)).toContain("<path");
  });

  it("leaves no emoji in the profile's and the feed's badge parts", () => {
    const html = [
      renderToStaticMarkup(<EarnedBadges awards={awards} definitions={undefined} emptyText="none" />),
      renderToStaticMarkup(<NextClosestBadges badges={progress.nextClosest} />),
      renderToStaticMarkup(
        <PageQueries>
          <ProfileBadgesView userId={7} isOwner={true} awards={awards} progress={progress} />
        </PageQueries>,
      ),
      renderToStaticMarkup(
        <PageQueries>
          <BadgeProgressPanel initial={progress} />
        </PageQueries>,
      ),
    ].join("");
    expect(html).not.toMatch(EMOJI);
    // Every earned badge and every next badge has its picture, beside its name.
    expect(html.match(/<svg class="badge-icon"/g)?.length).toBe(17 + 4 + 17 + 4 + 4);
    for (const d of BADGE_DEFINITIONS) expect(html).toContain(`data-badge="${d.code}"`);
  });
});
