import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type GoingChange,
  type GoingNames,
  goingPath,
  type OccurrenceGoing,
  type Slot,
  slotKey,
  type TonightItem,
} from "../../common/schemas/going";
import type { OccurrenceView } from "../../common/schemas/schedule-exceptions";
import { apiRequest } from "../lib/api";

/** One occurrence's count and whether the viewer is going (null: a guest, or not known). */
export interface GoingState {
  count: number;
  viewerGoing: boolean | null;
}

export const goingKey = (schoolId: number, slot: Slot) => ["going", schoolId, slotKey(slot)] as const;
export const goingNamesKey = (schoolId: number, slot: Slot) =>
  ["going-names", schoolId, slotKey(slot)] as const;

/**
 * An occurrence's going state, shared by every control for it on the page (the school page's
 * list, the dialog, the popup): seeded by what the page or the list already knows.
 */
export function useGoingState(schoolId: number, slot: Slot, initial: GoingState): GoingState {
  const { data } = useQuery({
    queryKey: goingKey(schoolId, slot),
    queryFn: async (): Promise<GoingState> => {
      const names = await apiRequest<GoingNames>("GET", goingPath(schoolId, slot));
      return { count: names.count, viewerGoing: names.viewerGoing };
    },
    initialData: initial,
    // What the page or the list said stands until a toggle here changes it.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

/** Says so or takes it back; the server's answer becomes the shared state. */
export function useGoingToggle(schoolId: number, slot: Slot) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (go: boolean) => apiRequest<GoingChange>(go ? "POST" : "DELETE", goingPath(schoolId, slot)),
    onSuccess: (change) => {
      client.setQueryData<GoingState>(goingKey(schoolId, slot), {
        count: change.count,
        viewerGoing: change.going,
      });
      void client.invalidateQueries({ queryKey: goingNamesKey(schoolId, slot) });
    },
  });
}

/** Who is going, as the server lets the viewer see them: fetched when the list is opened. */
export const useGoingNames = (schoolId: number, slot: Slot) =>
  useQuery({
    queryKey: goingNamesKey(schoolId, slot),
    queryFn: () => apiRequest<GoingNames>("GET", goingPath(schoolId, slot)),
    staleTime: 0,
  });

export type ListedOccurrence = OccurrenceView & OccurrenceGoing;

/** A school's next four weeks, each with its count (and the member's own going), for the dialog and the popup. */
export const useSchoolOccurrences = (schoolId: number) =>
  useQuery({
    queryKey: ["/api/schools", schoolId, "occurrences"] as const,
    queryFn: async () =>
      (await apiRequest<{ occurrences: ListedOccurrence[] }>("GET", `/api/schools/${schoolId}/occurrences`))
        .occurrences,
  });

/** The Tonight view near a point (rounded as the server rounds it); off while there is no point. */
export const useTonight = (center: { lat: number; lng: number } | null) =>
  useQuery({
    queryKey: ["/api/schools/tonight", center?.lat ?? 0, center?.lng ?? 0] as const,
    queryFn: async () =>
      (
        await apiRequest<{ occurrences: TonightItem[] }>(
          "GET",
          `/api/schools/tonight?lat=${center?.lat ?? 0}&lng=${center?.lng ?? 0}`,
        )
      ).occurrences,
    enabled: center !== null,
    // Tonight goes out of date by the clock.
    staleTime: 60_000,
  });
