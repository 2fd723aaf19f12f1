/**
 * One spelling for every way people write a US place name, so lookups can compare keys:
 * case, accents, punctuation and spacing do not matter, and the abbreviations common in
 * city names ("St.", "Ft.", "Mt.") meet their spelled-out forms.
 */

/** Both forms map to one canonical token; which one is arbitrary, only agreement matters. */
const CANONICAL_TOKEN: Record<string, string> = {
  saint: "st",
  ste: "sainte",
  ft: "fort",
  mt: "mount",
};
/** The other spelling of each canonical token, for matching a word still being typed. */
const OTHER_SPELLING: Record<string, string> = Object.fromEntries(
  Object.entries(CANONICAL_TOKEN).map(([other, canonical]) => [canonical, other]),
);

/** Lower-case ASCII words of a name, before abbreviations are unified. */
export function placeWords(text: string): string[] {
  // Most names are plain ASCII; decomposing only the others keeps indexing the gazetteer quick.
  const ascii = /[^ -~]/.test(text) ? text.normalize("NFKD").replace(/\p{M}/gu, "") : text;
  const words = ascii
    .toLowerCase()
    // Apostrophes (and the Hawaiian ʻokina) join: "Coeur d'Alene" → "coeur dalene".
    .replace(/['‘’ʻ`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  // Runs of single letters are spelled-out initials: "d c" (from "D.C.") → "dc", "u s a" → "usa".
  const joined: string[] = [];
  let initials = "";
  for (const word of words) {
    if (/^[a-z]$/.test(word)) {
      initials += word;
      continue;
    }
    if (initials) joined.push(initials);
    initials = "";
    joined.push(word);
  }
  if (initials) joined.push(initials);
  return joined;
}

export const canonicalWord = (word: string) => CANONICAL_TOKEN[word] ?? word;

/** "Austin, TX" → "austin tx"; "St. Louis" and "Saint Louis" → "st louis"; "D.C." → "dc". */
export const placeKey = (text: string) => placeWords(text).map(canonicalWord).join(" ");

/**
 * Whether `typed`, a word not finished yet, can become the canonical word `word`:
 * "sai" can become "st" (as "saint"), "ste" can become "sterling" or "sainte".
 */
export function wordStartsWith(word: string, typed: string): boolean {
  return word.startsWith(typed) || (OTHER_SPELLING[word]?.startsWith(typed) ?? false);
}
