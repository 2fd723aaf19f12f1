/**
 * The words a schedule is made of besides days and times: session notes (normalised to a
 * fixed vocabulary), phrases that mean "no public open mat", connectors and filler.
 */

export const NOTE = {
  gi: "Gi",
  noGi: "No-Gi",
  membersOnly: "Members only",
  womenOnly: "Women only",
  inviteOnly: "Invite only",
  free: "Free",
  fee: "Fee",
  allLevels: "All levels",
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
  { pattern: sticky("(?:mat\\s+|drop[\\s-]?in\\s+)?fee|drop[\\s-]?in"), note: NOTE.fee },
];

const FEE_WITH_AMOUNT = sticky(
  "\\$\\s?(\\d{1,4}(?:\\.\\d{2})?)(?:\\s*(mat\\s+fee|drop[\\s-]?in(?:\\s+fee)?|fee|per\\s+(?:person|visit|session)|cash))?",
);

// "drop-in $15", "mat fee: $10": the label written before the amount.
const FEE_LABEL_FIRST = sticky(
  "(mat\\s+fee|drop[\\s-]?in(?:\\s+fee)?)\\s*:?\\s*\\$\\s?(\\d{1,4}(?:\\.\\d{2})?)",
);

export interface NoteMatch {
  note: string;
  length: number;
}

/** Reads one recognised note phrase starting exactly at `index`. */
export function matchNoteAt(text: string, index: number): NoteMatch | null {
  FEE_WITH_AMOUNT.lastIndex = index;
  const fee = FEE_WITH_AMOUNT.exec(text);
  if (fee) return { note: feeNote(fee[1], fee[2]), length: fee[0].length };
  FEE_LABEL_FIRST.lastIndex = index;
  const labelled = FEE_LABEL_FIRST.exec(text);
  if (labelled) return { note: feeNote(labelled[2], labelled[1]), length: labelled[0].length };
  for (const { pattern, note } of FIXED_NOTES) {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (match) return { note, length: match[0].length };
  }
  return null;
}

/** "$10 mat fee", "$15 drop-in", "$10 fee": the amount as written, the kind of fee normalised. */
function feeNote(amount: string | undefined, kind: string | undefined): string {
  const lower = kind?.toLowerCase() ?? "";
  const label = lower.startsWith("mat") ? "mat fee" : lower.startsWith("drop") ? "drop-in" : "fee";
  return `$${amount ?? ""} ${label}`;
}

/** Phrases that say there is no public open mat. */
const NO_OPEN_MAT = sticky(
  [
    "no\\s+(?:public\\s+|regular\\s+|scheduled\\s+)?open[\\s-]?mats?(?:\\s+(?:at\\s+this\\s+time|right\\s+now|for\\s+now))?",
    "not\\s+(?:currently\\s+)?(?:offering|offered|available|hosting)",
    "none",
    "n\\/a",
    "by\\s+appointment(?:\\s+only)?",
    "coming\\s+soon",
  ].join("|"),
);

/** Phrases that say there is an open mat but not when: beside a day, that day with no time listed. */
const TIME_UNKNOWN = sticky(
  [
    "(?:please\\s+)?(?:call|contact|email|text|message|dm)\\s+(?:us\\s+|the\\s+gym\\s+|ahead\\s+)?(?:for|to\\s+(?:confirm|schedule|book|ask))(?:\\s+(?:open\\s+mat\\s+)?(?:times?|schedule|details|info(?:rmation)?|availability))?",
    "(?:please\\s+)?call\\s+ahead",
    "check\\s+(?:our\\s+)?(?:website|site|instagram|ig|facebook|fb|social\\s+media|calendar|app)(?:\\s+for\\s+(?:times|schedule|details))?",
    "tb[ad]",
    "to\\s+be\\s+(?:determined|announced)",
    "(?:schedule\\s+|times?\\s+)?var(?:ies|y)",
    "times?\\s+not\\s+(?:listed|posted|set)",
    // "after class", "after the 7pm class": the start is when a class ends, not written.
    "after\\s+(?:the\\s+)?(?:\\d{1,2}(?:[:.]\\d{2})?\\s*(?:[ap]\\.?m?\\.?)?\\s+)?(?:last\\s+|evening\\s+|noon\\s+|adults?\\s+|morning\\s+|kids\\s+|fundamentals\\s+|bjj\\s+)?class(?:es)?",
    "following\\s+(?:the\\s+)?class",
  ].join("|"),
);

/**
 * A phrase meaning "no public open mat" (`timeUnknown` false) or "open mat, time not given"
 * (`timeUnknown` true) starting at `index`, or null.
 */
export function matchNoOpenMatAt(
  text: string,
  index: number,
): { length: number; timeUnknown: boolean } | null {
  for (const [pattern, timeUnknown] of [
    [NO_OPEN_MAT, false],
    [TIME_UNKNOWN, true],
  ] as const) {
    pattern.lastIndex = index;
    const match = pattern.exec(text);
    if (match) return { length: match[0].length, timeUnknown };
  }
  return null;
}

// "Open mat", "openmat", "open roll": the label that picks open mats out of a class timetable.
const OPEN_MAT_LABEL = sticky(
  "open[\\s-]?mats?|openmats?|open\\s+roll(?:s|ing)?|open\\s+(?:training|sparring|gym)",
);

export function matchOpenMatLabelAt(text: string, index: number): number {
  OPEN_MAT_LABEL.lastIndex = index;
  return OPEN_MAT_LABEL.exec(text)?.[0].length ?? 0;
}

/** Words that carry nothing for the schedule ("Open mat every Saturday at 11"). */
const FILLER_WORDS = new Set(
  (
    "open mat mats openmat openmats at from on every each the starting start starts begins " +
    "session sessions time times bjj jiu jitsu jiujitsu roll rolls rolling schedule hours is are our only " +
    "days weekly sharp est edt et cst cdt ct mst mdt mt pst pdt pt hst akst local currently " +
    "morning mornings afternoon afternoons evening evenings night nights tonight lunch lunchtime midday " +
    // A dated event written as a sentence: "Join us this Saturday for a special open mat".
    "this next upcoming special join us for a an hosting having holding"
  ).split(" "),
);

export function isFillerWord(word: string): boolean {
  return FILLER_WORDS.has(word.toLowerCase());
}

/** Part of the day a word names: the hours (from, to) in which a time read there falls. */
export type DayPart = { from: number; to: number };

const DAY_PARTS: ReadonlyArray<[RegExp, DayPart]> = [
  [/^mornings?$/i, { from: 5 * 60, to: 12 * 60 }],
  [/^(?:lunch|lunchtime|midday)$/i, { from: 11 * 60, to: 14 * 60 }],
  [/^afternoons?$/i, { from: 12 * 60, to: 18 * 60 }],
  [/^(?:evenings?|nights?|tonight)$/i, { from: 16 * 60, to: 24 * 60 }],
];

export function dayPartOf(word: string): DayPart | null {
  return DAY_PARTS.find(([pattern]) => pattern.test(word))?.[1] ?? null;
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
