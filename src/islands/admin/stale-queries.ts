import { useMutation, useQueryClient } from "@tanstack/react-query";
import { showToast } from "../../client/toast";
import { type ScheduleConfirmation, scheduleReviewTexts } from "../../common/schemas/schedule-review";
import { apiRequest } from "../lib/api";
import { adminKeys, type StalePages } from "./queries";
import type { StaleSchool } from "./types";

/**
 * The flagged list less one school: each page from the one that held it on moves its next
 * offset back by one, as the server's list shrank before it.
 */
export function withoutSchool(pages: StalePages, schoolId: number): StalePages {
  let found = false;
  return {
    ...pages,
    pages: pages.pages.map((page) => {
      const schools = page.schools.filter((s) => s.id !== schoolId);
      found ||= schools.length < page.schools.length;
      if (!found) return page;
      return {
        ...page,
        schools,
        total: Math.max(0, page.total - 1),
        nextOffset: page.nextOffset === null ? null : page.nextOffset - 1,
      };
    }),
  };
}

/**
 * Confirm a flagged school's reading, exactly the text the admin saw: it leaves the flagged
 * list; the unconfirmed list (it may join it) and the audit log are asked again.
 */
export function useConfirmSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (school: StaleSchool) =>
      apiRequest<ScheduleConfirmation>("POST", `/api/admin/schools/${school.id}/schedule/confirm`, {
        dayAndTime: school.dayAndTime,
      }),
    onSuccess: (_data, school) => {
      client.setQueryData<StalePages>(adminKeys.stale("flagged"), (pages) =>
        pages ? withoutSchool(pages, school.id) : pages,
      );
      void client.invalidateQueries({ queryKey: adminKeys.stale("unconfirmed") });
      void client.invalidateQueries({ queryKey: adminKeys.audit });
      showToast({ title: scheduleReviewTexts.confirmed, description: school.gym });
    },
    onError: (error) => showToast({ title: "Error", description: error.message, variant: "destructive" }),
  });
}
