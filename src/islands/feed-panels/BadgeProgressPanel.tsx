import { NextClosestBadges } from "../badges/BadgeList";
import { type BadgeProgress, nextClosest, useBadgeProgress } from "../badges/queries/badges";
import { Collapsible } from "./Collapsible";
import { ALPHABET_TARGET_FALLBACK } from "./constants";

/**
 * Feed column 1: the owner's badge metrics and next closest badges, in a collapsible panel.
 * `initial` is the server's answer: the cache starts from it and hydrating fetches nothing.
 */
export function BadgeProgressPanel({ initial }: { initial?: BadgeProgress | null }) {
  const progress = useBadgeProgress(true, initial ?? undefined);
  const p = progress.data;
  return (
    <Collapsible title="Badge Progress">
      {p ? (
        <>
          <dl className="badge-metrics">
            <div>
              <dt>Check-ins</dt>
              <dd>{p.totalCheckins}</dd>
            </div>
            <div>
              <dt>Gyms</dt>
              <dd>{p.uniqueGyms}</dd>
            </div>
            <div>
              <dt>States</dt>
              <dd>{p.uniqueStates}</dd>
            </div>
            <div>
              <dt>Alphabet</dt>
              <dd>{`${p.alphabetProgress}/${ALPHABET_TARGET_FALLBACK}`}</dd>
            </div>
          </dl>
          <h3>Next Closest Badges</h3>
          <NextClosestBadges badges={nextClosest(p)} />
        </>
      ) : (
        <p className="muted">{progress.isError ? "Progress could not be loaded." : "Loading progress…"}</p>
      )}
    </Collapsible>
  );
}
