/** Units BACKUP_INTERVAL accepts, in milliseconds. */
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Below this, a backup of a large database could still be running when the next is due. */
export const MIN_BACKUP_INTERVAL_MS = 5 * 60_000;
/** Tests only (NODE_ENV=test): a few seconds, so the scheduled backups can be watched. */
export const MIN_TEST_BACKUP_INTERVAL_MS = 1_000;

/**
 * "24h", "6h", "30m", "1h30m", "2d", "90s": one or more whole numbers, each with a unit
 * (s, m, h, d). Milliseconds, or null when the text is not such a duration.
 */
export function parseInterval(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (!/^(\d+[smhd])+$/.test(trimmed)) return null;
  let ms = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)([smhd])/g)) {
    ms += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  }
  return Number.isSafeInteger(ms) && ms > 0 ? ms : null;
}

/** The interval as people write it back: "1d", "6h", "1h30m", "45s". */
export function formatInterval(ms: number): string {
  let left = ms;
  let text = "";
  for (const [unit, size] of Object.entries(UNIT_MS).reverse()) {
    const amount = Math.floor(left / size);
    if (amount) text += `${amount}${unit}`;
    left -= amount * size;
  }
  return text || "0s";
}
