/**
 * The words a schedule is made of besides days and times: session notes (normalised to a
 * fixed vocabulary), phrases that mean "no public open mat", connectors and filler.
 */
import { FULL_DAY_NAMES, weekdayFromWord } from "./day-names.ts";
import type { Weekday } from "./types.ts";

export const NOTE = {
  gi: "Gi",
  noGi: "No-Gi",
  membersOnly: "Members only",
  womenOnly: "Women only",
  inviteOnly: "Invite only",
  free: "Free",
  fee: "Fee",
  allLevels: "All levels",
  everyOtherWeek: "Every other week",
} as const;

const END = "(?![\\p{L}\\p{N}])";
const sticky = (source: string) => new RegExp(`(?:${source})${END}`, "iuy");

const FIXED_NOTES: ReadonlyArray<{ pattern: RegExp; note: string }> = [
  { pattern: sticky("no[\\s-]?gi(?:\\s+only)?"), note: NOTE.noGi },
  { pattern: sticky("gi(?:\\s+only)?"), note: NOTE.gi },
  { pattern: sticky("(?:for\\s+)?members?['’]?[\\s-]only"), note: NOTE.membersOnly },
  { pattern: sticky("(?:women['’]?s?|ladies|female)(?:[\\s-]only)?"), note: NOTE.womenOnly },
  {
    pattern: sticky("by\\s+invit(?:e|ation)(?:\\s+only)?|invit(?:e|ation)[\\s-]only"),
    note: NOTE.inviteOnly,
  },
  { pattern: sticky("free(?:\\s+for\\s+(?:all|everyone))?"), note: NOTE.free },
  {
    pattern: sticky(
      "all\\s+(?:levels?|ranks|belts)(?:\\s+welcome)?|(?:all|everyone)\\s+(?:is\\s+|are\\s+)?welcome|open\\s+to\\s+all",
    ),
    note: NOTE.allLevels,
  },
  { pattern: sticky("every\\s+other(?:\\s+week)?|bi-?weekly"), note: NOTE.everyOtherWeek },
  { pattern: sticky("(?:mat\\s+|drop[\\s-]?in\\s+)?fee|drop[\\s-]?in"), note: NOTE.fee },
];

const FEE_WITH_AMOUNT = sticky(
  "\\$\\s?(\\d{1,4}(?:\\.\\d{2})?)(?:\\s*(mat\\s+fee|drop[\\s-]?in(?:\\s+fee)?|fee|per\\s+(?:person|visit|session)|cash))?",
);

// "drop-in $15", "mat fee: $10": the label written before the amount.
const FEE_LABEL_FIRST = sticky(
  "(mat\\s+fee|drop[\\s-]?in(?:\\s+fee)?)\\s*:?\\s*\\$\\s?(\\d{1,4}(?:\\.\\d{2})?)",
);

const ORDINAL = "1st|2nd|3rd|4th|5th|first|second|third|fourth|fifth|last";
const ORDINAL_DAY = sticky(
  `((?:${ORDINAL})(?:\\s*(?:,|&|and|\\/)\\s*(?:${ORDINAL}))*)\\s+([\\p{L}'’]+)(?:\\s+of\\s+(?:the|each|every)\\s+month)?`,
);
const ORDINAL_WORDS: Readonly<Record<string, string>> = {
  first: "1st",
  second: "2nd",
  third: "3rd",
  fourth: "4th",
  fifth: "5th",
};

export interface NoteMatch {
  note: string;
  /** Set for "1st Saturday of the month": the phrase also names the session's day. */
  weekday: Weekday | null;
  length: number;
}

/** Reads one recognised note phrase starting exactly at `index`. */
export function matchNoteAt(text: string, index: number): NoteMatch | null {
  ORDINAL_DAY.lastIndex = index;
  const ordinal = ORDINAL_DAY.exec(text);
  const weekday = ordinal?.[2] ? weekdayFromWord(ordinal[2]) : null;
  if (ordinal?.[1] && weekday !== null) {
    const ordinals = ordinal[1]
      .toLowerCase()
      .split(/\s*(?:,|&|and|\/)\s*/)
      .map((word) => ORDINAL_WORDS[word] ?? word);
    const phrase = `${ordinals.join(" & ")} ${FULL_DAY_NAMES[weekday]} of the month`;
    return { note: phrase.charAt(0).toUpperCase() + phrase.slice(1), weekday, length: ordinal[0].length };
  }
  FEE_WITH_AMOUNT.lastIndex = index;
  const fee = FEE_WITH_AMOUNT.exec(text);
  if (fee) return { note: feeNote(fee[1], fee[2]), weekday: null, length: fee[0].length };
  FEE_LABEL_FIRST.lastIndex = index;
  const labelled = FEE_LABEL_FIRST.exec(text);
  if (labelled) return { note: feeNote(labelled[2], labelled[1]), weekday: null, length: labelled[0].length };
  for (const { pattern, note } of FIXED_NOTES) {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (match) return { note, weekday: null, length: match[0].length };
  }
  return null;
}

/** "$10 mat fee", "$15 drop-in", "$10 fee": the amount as written, the kind of fee normalised. */
function feeNote(amount: string | undefined, kind: string | undefined): string {
  const lower = kind?.toLowerCase() ?? "";
  const label = lower.startsWith("mat") ? "mat fee" : lower.startsWith("drop") ? "drop-in" : "fee";
  return `$${amount ?? ""} ${label}`;
}

const NO_OPEN_MAT = sticky(
  [
    "no\\s+(?:public\\s+|regular\\s+|scheduled\\s+)?open[\\s-]?mats?(?:\\s+(?:at\\s+this\\s+time|right\\s+now|for\\s+now))?",
    "not\\s+(?:currently\\s+)?(?:offering|offered|available|hosting)",
    "none",
    "n\\/a",
    "by\\s+appointment(?:\\s+only)?",
    "(?:please\\s+)?(?:call|contact|email|text|message|dm)\\s+(?:us\\s+|the\\s+gym\\s+|ahead\\s+)?(?:for|to\\s+(?:confirm|schedule|book|ask))(?:\\s+(?:open\\s+mat\\s+)?(?:times?|schedule|details|info(?:rmation)?|availability))?",
    "check\\s+(?:our\\s+)?(?:website|site|instagram|ig|facebook|fb|social\\s+media|calendar|app)(?:\\s+for\\s+(?:times|schedule|details))?",
    "tb[ad]",
    "to\\s+be\\s+(?:determined|announced)",
    "coming\\s+soon",
    "(?:schedule\\s+|times\\s+)?varies",
  ].join("|"),
);

/** Length of a phrase meaning "there is no public open mat" starting at `index`, or 0. */
export function matchNoOpenMatAt(text: string, index: number): number {
  NO_OPEN_MAT.lastIndex = index;
  return NO_OPEN_MAT.exec(text)?.[0].length ?? 0;
}

/** Words that carry nothing for the schedule ("Open mat every Saturday at 11"). */
const FILLER_WORDS = new Set(
  (
    "open mat mats openmat openmats at from on every each the starting start starts begins " +
    "session sessions time times bjj jiu jitsu jiujitsu roll rolls rolling schedule hours is are our only " +
    "days weekly sharp est edt et cst cdt ct mst mdt mt pst pdt pt hst akst local currently " +
    "morning mornings afternoon afternoons evening evenings night nights"
  ).split(" "),
);

export function isFillerWord(word: string): boolean {
  return FILLER_WORDS.has(word.toLowerCase());
}

const RANGE_WORDS = new Set(["to", "through", "thru", "till", "til", "until"]);
const LIST_WORDS = new Set(["and", "or", "plus"]);

/** Classifies a connecting word: a range ("to", "thru"), a list ("and", "or"), or neither. */
export function connectorWord(word: string): "range" | "list" | null {
  const lower = word.toLowerCase().replace(/^['’]/, "");
  if (RANGE_WORDS.has(lower)) return "range";
  if (LIST_WORDS.has(lower)) return "list";
  return null;
}
