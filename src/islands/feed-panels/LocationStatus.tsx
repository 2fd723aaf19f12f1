export type LocationState =
  | { kind: "loading" }
  | { kind: "gps" }
  | { kind: "ip"; city?: string | null; region?: string | null }
  | { kind: "denied" }
  | { kind: "error"; message?: string };

export const locationStatusTexts = {
  loading: "Finding your location…",
  gps: "Location: precise (GPS). You can check in at gyms near you.",
  ip: "Location: approximate (from your network).",
  denied: "Location required: Please enable location access to check in.",
  error: "Unable to determine location. Please browse the map manually.",
} as const;

/** Feed column 1: where the app thinks the member is (spec §4 'Location acquisition'). */
export function LocationStatus({ state, onHelp }: { state: LocationState; onHelp?: () => void }) {
  const text =
    state.kind === "ip"
      ? [locationStatusTexts.ip, [state.city, state.region].filter(Boolean).join(", ")]
          .filter(Boolean)
          .join(" ")
      : state.kind === "error"
        ? (state.message ?? locationStatusTexts.error)
        : locationStatusTexts[state.kind];
  return (
    <section className="card feed-panel location-status" aria-labelledby="location-status-title">
      <h2 id="location-status-title" className="feed-panel-title">
        Location
      </h2>
      <p role="status" className={`location-${state.kind}`} aria-busy={state.kind === "loading"}>
        {text}
      </p>
      {(state.kind === "denied" || state.kind === "error") && onHelp && (
        <button type="button" className="button button-ghost button-small" onClick={onHelp}>
          How to enable location
        </button>
      )}
    </section>
  );
}
