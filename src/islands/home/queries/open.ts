import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { OpenFilter } from "../../../common/home";
import { apiRequest } from "../../lib/api";

export const openKey = (when: Exclude<OpenFilter, "any">) => ["/api/schools/open", when] as const;

export async function fetchOpenIds(when: Exclude<OpenFilter, "any">): Promise<number[]> {
  return (await apiRequest<{ ids: number[] }>("GET", `/api/schools/open?when=${when}`)).ids;
}

/** Schools open now or today in their own time zones; undefined while loading or for 'any'. */
export function useOpenIds(filter: OpenFilter): ReadonlySet<number> | undefined {
  const when = filter === "any" ? "now" : filter;
  const { data } = useQuery({
    queryKey: openKey(when),
    queryFn: () => fetchOpenIds(when),
    enabled: filter !== "any",
    // Unlike other data, "open now" goes out of date by the clock.
    staleTime: 60_000,
  });
  return useMemo(() => (filter !== "any" && data ? new Set(data) : undefined), [filter, data]);
}
