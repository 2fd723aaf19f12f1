/** Spec §9 'Alphabet badge target' (src/common/badges.ts names it ALPHABET_TARGET once it lands). */
export const ALPHABET_TARGET_FALLBACK = 26;
