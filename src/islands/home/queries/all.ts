import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type SchoolSummary, toSchoolSummary } from "../../../common/home";
import { apiRequest } from "../../lib/api";
import type { ApiSchool } from "../school-api";

export const allKey = ["/api/schools/all"] as const;

/** Every school with its details (served from the server's cache, gzipped), by id. */
export async function fetchAllSummaries(): Promise<Map<number, SchoolSummary>> {
  const schools = await apiRequest<ApiSchool[]>("GET", "/api/schools/all");
  return new Map(schools.map((s) => [s.id, toSchoolSummary(s)]));
}

/**
 * The details the pins lack (city, times, provenance), asked for once a filter lists rows
 * built from pins (issue 23); undefined until then.
 */
export function useAllSummaries(enabled: boolean): ReadonlyMap<number, SchoolSummary> | undefined {
  const { data } = useQuery({ queryKey: allKey, queryFn: fetchAllSummaries, enabled, staleTime: 5 * 60_000 });
  return useMemo(() => data, [data]);
}
