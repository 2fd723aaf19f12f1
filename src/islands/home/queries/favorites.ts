import {
  type QueryClient,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useMemo } from "react";
import { apiRequest } from "../../lib/api";

export const favoritesKey = ["/api/favorites"] as const;

/** Every saved id (the list itself is paged), for the pins and the saved filter. */
export async function fetchFavoriteIds(): Promise<number[]> {
  return (await apiRequest<{ ids: number[] }>("GET", "/api/favorites/ids")).ids;
}

const noFavorites: ReadonlySet<number> = new Set();

/** The signed-in visitor's favourite school ids (seeded from the page); empty for guests. */
export function useFavoriteIds(signedIn: boolean): ReadonlySet<number> {
  const { data } = useQuery({ queryKey: favoritesKey, queryFn: fetchFavoriteIds, enabled: signedIn });
  return useMemo(() => (data ? new Set(data) : noFavorites), [data]);
}

/** Adds or removes one favourite and updates the cached ids when the server agrees. */
export async function setFavorite(client: QueryClient, schoolId: number, add: boolean): Promise<void> {
  if (add) await apiRequest("POST", "/api/favorites", { schoolId });
  else await apiRequest("DELETE", `/api/favorites/${schoolId}`);
  client.setQueryData<number[]>(favoritesKey, (ids = []) =>
    add ? [...new Set([...ids, schoolId])] : ids.filter((id) => id !== schoolId),
  );
}

const favoriteMutationKey = (schoolId: number) => ["favorite", schoolId] as const;

/**
 * One school's favourite toggle. Every button for the school (popup, dialog) sees the same
 * pending state. Spec §8: errors are only logged.
 */
export function useFavoriteToggle(schoolId: number) {
  const client = useQueryClient();
  const { mutate } = useMutation({
    mutationKey: favoriteMutationKey(schoolId),
    mutationFn: (add: boolean) => setFavorite(client, schoolId, add),
    onError: (error) => console.error("favorite", schoolId, error),
  });
  const pending = useMutationState({
    filters: { mutationKey: favoriteMutationKey(schoolId), status: "pending" },
    select: (mutation) => mutation.state.variables as boolean,
  });
  return { toggle: mutate, pending: pending[0] };
}
