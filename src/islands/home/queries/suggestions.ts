import { keepPreviousData, useQuery } from "@tanstack/react-query";

/** Spec §9: suggestions start at 2 characters. */
export const SUGGESTION_MIN_LENGTH = 2;
const MAX_SUGGESTIONS = 10;

export const suggestionsKey = (q: string) => ["/api/suggestions", q] as const;

/** Spec §8: a failed suggestion fetch is dropped silently and clears the list. */
export async function fetchSuggestions(q: string): Promise<string[]> {
  try {
    const res = await fetch(`/api/suggestions?query=${encodeURIComponent(q)}`, { credentials: "include" });
    if (!res.ok) return [];
    const body: unknown = await res.json();
    return Array.isArray(body)
      ? body.filter((s): s is string => typeof s === "string").slice(0, MAX_SUGGESTIONS)
      : [];
  } catch {
    return [];
  }
}

/** `q` is the debounced text; the list keeps the previous answer while the next one loads. */
export function useSuggestions(q: string, enabled: boolean) {
  const trimmed = q.trim();
  return useQuery({
    queryKey: suggestionsKey(trimmed),
    queryFn: () => fetchSuggestions(trimmed),
    enabled: enabled && trimmed.length >= SUGGESTION_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
