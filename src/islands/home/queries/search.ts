import { useQuery } from "@tanstack/react-query";
import { type HomeScreenProps, toSchoolSummary } from "../../../common/home";
import { type RateLimit, readRateLimit } from "../rate-limit";
import type { ApiSchool } from "../school-api";

export type SearchData = NonNullable<HomeScreenProps["search"]>;

export const emptySearch: SearchData = { strategy: "text", location: null, schools: [] };

/** The daily search limit was reached (spec §8). */
export class SearchLimitError extends Error {
  constructor(readonly rateLimit: RateLimit) {
    super(rateLimit.message);
  }
}

export const searchKey = (q: string) => ["/api/schools/search", q] as const;

interface SearchBody {
  strategy: SearchData["strategy"];
  location: { label: string; latitude: number; longitude: number; kind: string } | null;
  schools: ApiSchool[];
}

/** Counts against the visitor's daily quota, so it runs only when asked to. */
export async function fetchSearch(q: string): Promise<SearchData> {
  const res = await fetch(`/api/schools/search?q=${encodeURIComponent(q)}`, { credentials: "include" });
  const text = await res.text();
  if (res.status === 429) throw new SearchLimitError(readRateLimit(res.headers, text));
  if (!res.ok) throw new Error(`${res.status}: ${text || res.statusText}`);
  const body = JSON.parse(text) as SearchBody;
  const { location } = body;
  return {
    strategy: body.strategy,
    location: location && {
      label: location.label,
      latitude: location.latitude,
      longitude: location.longitude,
      kind: location.kind,
    },
    schools: body.schools.map(toSchoolSummary),
  };
}

export function useSearch(q: string) {
  return useQuery({ queryKey: searchKey(q), queryFn: () => fetchSearch(q), enabled: q !== "" });
}
