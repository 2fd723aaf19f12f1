import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { OpenFilter } from "../../../common/home";
import { apiRequest } from "../../lib/api";

type When = "now" | "today";
export const openKey = (when: When) => ["/api/schools/open", when] as const;

export async function fetchOpenIds(when: When): Promise<number[]> {
  return (await apiRequest<{ ids: number[] }>("GET", `/api/schools/open?when=${when}`)).ids;
}

/** Schools open now or today in their own time zones; undefined while loading, or for 'any' and 'tonight' (its own query). */
export function useOpenIds(filter: OpenFilter): ReadonlySet<number> | undefined {
  const when = filter === "today" ? "today" : "now";
  const { data } = useQuery({
    queryKey: openKey(when),
    queryFn: () => fetchOpenIds(when),
    enabled: filter === "now" || filter === "today",
    // Unlike other data, "open now" goes out of date by the clock.
    staleTime: 60_000,
  });
  return useMemo(
    () => ((filter === "now" || filter === "today") && data ? new Set(data) : undefined),
    [filter, data],
  );
}
