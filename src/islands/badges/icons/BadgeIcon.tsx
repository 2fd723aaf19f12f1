import { type BadgeCategory, type BadgeCode, badgeDefinition } from "../../../common/badges";
import { BADGE_GLYPHS } from "./glyphs";

/** Each category's disc: white glyphs on it keep at least 4.5:1 contrast. */
export const CATEGORY_COLOURS: Record<BadgeCategory, string> = {
  "check-in progress": "#b45309",
  "gym exploration": "#1d4ed8",
  "geographic exploration": "#15803d",
  "special achievements": "#7e22ce",
};

/** A badge whose code this build does not know (a newer server): a plain medal ribbon. */
const unknownGlyph = <path d="M9 6.5h6l-1.5 4h-3zM12 17.5a3.25 3.25 0 1 0 0-6.5 3.25 3.25 0 0 0 0 6.5z" />;

/**
 * A badge's picture as inline SVG (issue 23: no emoji, which shows as an empty box without an
 * emoji font). Decorative by default, beside the badge's name as text; give `label` where no
 * name is shown and it becomes an image with that name.
 */
export function BadgeIcon({ code, size = 32, label }: { code: string; size?: number; label?: string }) {
  const definition = badgeDefinition(code);
  const glyph = definition ? BADGE_GLYPHS[definition.code as BadgeCode] : unknownGlyph;
  const colour = definition ? CATEGORY_COLOURS[definition.category] : "#4b5563";
  return (
    <svg
      className="badge-icon"
      data-badge={code}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="11.5" fill={colour} />
      <circle cx="12" cy="12" r="10" fill="none" stroke="#fff" strokeOpacity="0.35" strokeWidth="0.75" />
      <g fill="none" stroke="#fff" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
        {glyph}
      </g>
    </svg>
  );
}
