const DAY_MS = 86_400_000;

/**
 * Where a listing's schedule last came from (issue 21): the gym (an owner's edit), a verified
 * check-in, a member's submission an admin approved, an admin's correction, or an import.
 */
export const provenanceKinds = ["gym", "checkin", "submission", "admin", "import"] as const;
export type ProvenanceKind = (typeof provenanceKinds)[number];

/** The freshest source of a school's schedule and when (ISO). */
export interface Provenance {
  kind: ProvenanceKind;
  at: string;
}

const lead: Record<ProvenanceKind, string> = {
  gym: "Updated by the gym",
  checkin: "Confirmed by a check-in",
  submission: "From a member's submission, approved",
  // The issue names four sources; an admin's correction is worded as the gym's is.
  admin: "Updated by an admin",
  import: "Imported",
};

/**
 * 'today', 'yesterday' or 'N days ago': whole days elapsed since `at`, as a reader counts
 * them, the same in every zone (so the server and any browser agree on it). A time slightly
 * ahead of `now` (another clock) is today, never the future.
 */
export function daysAgoText(at: string, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(at)) / DAY_MS));
  if (days === 0) return "today";
  if (days === 1) return "yesterday";
  return `${days} days ago`;
}

/** The one short line every school page, detail dialog and list row shows, or null when unknown. */
export function provenanceText(provenance: Provenance | null | undefined, now: Date): string | null {
  if (!provenance) return null;
  return `${lead[provenance.kind]} ${daysAgoText(provenance.at, now)}`;
}

/**
 * The freshest of the schedule's source and the last verified check-in: a check-in at the
 * same moment as the source wins (it saw the schedule hold), and neither known is null.
 */
export function freshestSource(
  source: { kind: Exclude<ProvenanceKind, "checkin">; at: Date | null },
  confirmedAt: string | null,
): Provenance | null {
  const checkin = confirmedAt ? Date.parse(confirmedAt) : null;
  const sourced = source.at?.getTime() ?? null;
  if (checkin !== null && (sourced === null || checkin >= sourced)) {
    return { kind: "checkin", at: new Date(checkin).toISOString() };
  }
  return sourced === null ? null : { kind: source.kind, at: new Date(sourced).toISOString() };
}
