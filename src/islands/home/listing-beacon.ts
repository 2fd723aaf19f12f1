import type { BeaconKind } from "../../common/schemas/listing-activity";

/** What this page load has counted already: each school's detail open and directions tap once. */
const sent = new Set<string>();

/**
 * Counts a visitor's detail open or directions tap for the school's owners (issue 21): at
 * most once per page load for each school and kind, sent with `keepalive` so a tap that
 * leaves the page still arrives. Nothing is kept about the visitor; a failure is ignored.
 */
export function sendListingBeacon(schoolId: number, kind: BeaconKind): void {
  const key = `${schoolId}:${kind}`;
  if (sent.has(key) || typeof fetch !== "function") return;
  sent.add(key);
  fetch(`/api/schools/${schoolId}/seen`, {
    method: "POST",
    credentials: "same-origin",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ kind }),
  }).catch(() => {});
}

/** Forgets what was sent (tests only: a test is one page load). */
export function resetListingBeacons(): void {
  sent.clear();
}
