import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";
import type { ApiSchool } from "../school-api";

export const schoolKey = (id: number) => ["/api/schools", id] as const;

export const fetchSchool = (id: number) => apiRequest<ApiSchool>("GET", `/api/schools/${id}`);

/** A school's full details (website, notes), for the popup card and the detail dialog. Not counted. */
export function useSchool(id: number | null) {
  return useQuery({
    queryKey: schoolKey(id ?? 0),
    queryFn: () => fetchSchool(id ?? 0),
    enabled: id !== null,
  });
}
