/** Unread badges cap at '99+' (spec §2). */
export function formatBadge(count: number): string {
  return count > 99 ? "99+" : String(count);
}
