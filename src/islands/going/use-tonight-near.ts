import { useMemo } from "react";
import { homeTexts } from "../../common/home-texts";
import { useTonight } from "./queries";

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The home screen's Tonight (issue 22): open mats in the next 6 hours near the visitor, or
 * near the place searched for when the visitor's position is not known. `ids` are their
 * schools (what the map shows): undefined while they load, none without a place to ask about.
 */
export function useTonightNear(
  on: boolean,
  origin: { lat: number; lng: number } | null,
  searched: { latitude: number; longitude: number; label?: string } | null,
) {
  const point = origin ?? (searched ? { lat: searched.latitude, lng: searched.longitude } : null);
  const center = on && point ? { lat: round3(point.lat), lng: round3(point.lng) } : null;
  const query = useTonight(center);
  const data = query.data;
  const asked = center !== null;
  const ids = useMemo(() => {
    if (!on) return undefined;
    if (!asked) return new Set<number>();
    return data ? new Set(data.map((o) => o.school.id)) : undefined;
  }, [on, asked, data]);
  // Where the distances are from (issue 23): the visitor, or the place searched for.
  const from = origin ? homeTexts.yourLocation : (searched?.label ?? null);
  return { ids, items: data, isError: query.isError, located: point !== null, from };
}
