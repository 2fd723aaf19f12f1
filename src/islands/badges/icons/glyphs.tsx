import type { ReactElement } from "react";
import type { BadgeCode } from "../../../common/badges";

/**
 * The 17 badges' pictures (issue 23: emoji showed as an empty box without an emoji font), drawn
 * on a 24-unit grid: a white glyph inside the disc BadgeIcon draws in its category's colour.
 * Strokes are white and 1.75 wide (see BadgeIcon's <g>); `solid` fills white instead.
 */
const solid = { fill: "#fff", stroke: "none" } as const;

export const BADGE_GLYPHS: Record<BadgeCode, ReactElement> = {
  // Check-in progress: a rank, from one chevron to a crown.
  novice: <path d="M7.5 13.5 12 10l4.5 3.5" />,
  apprentice: <path d="M7.5 11 12 7.5l4.5 3.5M7.5 15.5 12 12l4.5 3.5" />,
  adept: <path d="M7.5 9.5 12 6.5l4.5 3M7.5 13 12 10l4.5 3M7.5 16.5 12 13.5l4.5 3" />,
  expert: (
    <path
      {...solid}
      d="M12 6l1.62 4.38 4.66.18-3.66 2.89 1.26 4.49L12 15.35l-3.88 2.59 1.26-4.49-3.66-2.89 4.66-.18z"
    />
  ),
  master: <path {...solid} d="M6.5 16.5h11l1-8-4 3L12 6.5l-2.5 5-4-3zM6.5 18h11v-.75h-11z" />,
  // Gym exploration: moving between gyms, then at home on any mat.
  hopper: (
    <>
      <path d="M6 15.5q3-6.5 6 0 3-6.5 6 0" />
      <circle {...solid} cx="6" cy="17" r="1.25" />
      <circle {...solid} cx="12" cy="17" r="1.25" />
      <circle {...solid} cx="18" cy="17" r="1.25" />
    </>
  ),
  journeyman: <path d="M6 18v-7.5l6-4.5 6 4.5V18zM10.5 18v-4h3v4" />,
  ronin: <path d="M10.5 13.5 17.5 6.5M8.5 12.5l3 3M6.5 17.5l3-3" />,
  mat_slut: <path d="M5.5 8.5h13v7h-13zM9.83 8.5v7M14.17 8.5v7" />,
  // Geographic exploration: from a first move to the whole country.
  transplant: (
    <>
      <path d="M8.5 13h7l-1 5h-5zM12 13V9" />
      <path
        {...solid}
        d="M12 10.5c-2.5 0-3.75-1.25-3.75-3.5 2.5 0 3.75 1.25 3.75 3.5zM12 9.5c0-2.25 1.25-3.5 3.75-3.5 0 2.25-1.25 3.5-3.75 3.5z"
      />
    </>
  ),
  nomad: <path d="M5.5 17.5 12 6.5l6.5 11zM12 11.5l-2.25 6M12 11.5l2.25 6" />,
  gypsy: (
    <>
      <path d="M5.5 15.5v-3l2-3.5h9l2 3.5v3zM5.5 12.5h13" />
      <circle {...solid} cx="8.5" cy="16" r="1.6" />
      <circle {...solid} cx="15.5" cy="16" r="1.6" />
    </>
  ),
  wayfarer: (
    <>
      <circle cx="12" cy="12" r="6.25" />
      <path {...solid} d="M14.5 9.5l-1.3 3.7-3.7 1.3 1.3-3.7z" />
    </>
  ),
  trooper: <path d="M8 18.5V5.5M8 6.5h8.5l-2.25 3 2.25 3H8" />,
  statesman: (
    <path d="M6 18h12M7.5 16v-3.5M10.5 16v-3.5M13.5 16v-3.5M16.5 16v-3.5M6.5 12.5h11M8.5 12.5a3.5 3.5 0 0 1 7 0M12 9V6" />
  ),
  continentalist: (
    <>
      <circle cx="12" cy="12" r="6.25" />
      <path d="M5.75 12h12.5M12 5.75c-3.5 3.5-3.5 9 0 12.5M12 5.75c3.5 3.5 3.5 9 0 12.5" />
    </>
  ),
  // Special: a gym for every letter, A to Z.
  spelling_bee: <path d="M5.5 17 8.5 7l3 10M6.6 13.5h3.8M13.5 7.5h5l-5 9.5h5" />,
};
