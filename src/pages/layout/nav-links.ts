/** The three top-level sections, shared by the header and the bottom bar. */
export const mainSections = [
  { href: "/", label: "Map", locked: false },
  { href: "/shop", label: "Shop", locked: false },
  { href: "/feed", label: "Feed", locked: true },
] as const;

/** Guests following the Feed lock go to the sign-in screen, then on to the feed. */
export function sectionHref(href: string, locked: boolean, signedIn: boolean): string {
  return locked && !signedIn ? `/auth?next=${encodeURIComponent(href)}` : href;
}

export function isCurrent(href: string, path: string): boolean {
  return href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`);
}
