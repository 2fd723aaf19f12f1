const DAY_MS = 86_400_000;

/**
 * "Confirmed by a check-in N days ago" for a school whose listed open mat a member checked
 * in at, or null when none ever did. Whole days since the check-in, as a reader counts them.
 */
export function confirmedByCheckinText(confirmedAt: string | null | undefined, now: Date): string | null {
  if (!confirmedAt) return null;
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(confirmedAt)) / DAY_MS));
  if (days === 0) return "Confirmed by a check-in today";
  return `Confirmed by a check-in ${days} ${days === 1 ? "day" : "days"} ago`;
}
