import { useSyncExternalStore } from "react";
import type { EarnedBadge } from "./queries/badges";

/**
 * The badge celebration (spec §2, §4), shared by every island on the page: each newly earned
 * badge is celebrated once, and a batch shows its last badge. Badges already shown (by code) are
 * never shown again on this page.
 */
let showing: EarnedBadge | null = null;
const seen = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Celebrates the last of `badges` not celebrated yet; true when one opens. */
export function celebrate(badges: EarnedBadge[]): boolean {
  const fresh = badges.filter((b) => !seen.has(b.code));
  for (const b of fresh) seen.add(b.code);
  const last = fresh.at(-1);
  if (!last) return false;
  showing = last;
  emit();
  return true;
}

export function dismissCelebration() {
  showing = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCelebration(): EarnedBadge | null {
  return useSyncExternalStore(
    subscribe,
    () => showing,
    () => null,
  );
}

/** Tests start each case with nothing celebrated. */
export function resetCelebrations() {
  showing = null;
  seen.clear();
  emit();
}
