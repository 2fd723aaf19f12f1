import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiRequest } from "../../lib/api";
import { celebrate } from "../celebration-store";
import { badgeKeys, type EarnedBadge } from "./badges";

/** GET /api/badges/uncelebrated: awards not celebrated yet, oldest first. */
export const fetchUncelebrated = () => apiRequest<EarnedBadge[]>("GET", "/api/badges/uncelebrated");

/** POST /api/badges/{id}/celebrated, once per award; a failure only means it may show again. */
export function markCelebrated(badges: EarnedBadge[]) {
  for (const b of badges) {
    if (typeof b.id === "number") {
      apiRequest("POST", `/api/badges/${b.id}/celebrated`).catch(() => undefined);
    }
  }
}

/** Opens the celebration for the last of `badges` not shown yet, and tells the server. */
export function celebrateEarned(badges: EarnedBadge[]) {
  if (badges.length === 0) return;
  celebrate(badges);
  markCelebrated(badges);
}

/** On page load, a signed-in member's badges not celebrated yet (spec §4 'Badge celebration'). */
export function useUncelebratedBadges(signedIn: boolean) {
  const query = useQuery({
    queryKey: badgeKeys.uncelebrated(),
    queryFn: fetchUncelebrated,
    enabled: signedIn,
  });
  const data = query.data;
  useEffect(() => {
    if (data && data.length > 0) celebrateEarned(data);
  }, [data]);
}
