/**
 * Reminders in the bell (issue 22): an `occurrence.reminder` event, written by going's
 * reminder job two hours before an open mat, becomes one item for the member it names, while
 * they are still going to it. Its text says which open mat and when, on the gym's clock.
 */
import { sql } from "drizzle-orm";
import * as v from "valibot";
import { occurrenceWhen, reminderEventSchema } from "../../../common/schemas/going";
import type { StoredEvent } from "../../events/store";
import type { GroupWrite } from "./writes";

export const REMINDER_TYPE = "reminder";

/** The item a reminder event asks for, or null for a malformed one. */
export function reminderWrite(e: StoredEvent): GroupWrite | null {
  const parsed = v.safeParse(reminderEventSchema, e.payload);
  if (!parsed.success) return null;
  const { userId, ...reminder } = parsed.output;
  return {
    userId,
    type: REMINDER_TYPE,
    groupKey: `reminder:${reminder.schoolId}:${reminder.date}@${reminder.startMinute}`,
    subjectId: reminder.schoolId,
    payload: JSON.stringify(reminder),
    at: e.createdAt,
    // Taken back since the job ran: no reminder.
    onlyIf: sql`EXISTS (SELECT 1 FROM occurrence_going WHERE school_id = ${reminder.schoolId}
      AND date = ${reminder.date} AND start_minute = ${reminder.startMinute} AND user_id = ${userId})`,
  };
}

/** "Open mat reminder: You're going to the open mat at Alpha BJJ on Sunday, November 22 at 7:00 PM." */
export function reminderText(payload: Record<string, unknown>) {
  const parsed = v.safeParse(v.omit(reminderEventSchema, ["userId"]), payload);
  if (!parsed.success) return null;
  const r = parsed.output;
  return {
    title: "Open mat reminder",
    body: `You're going to the open mat at ${r.gym} on ${occurrenceWhen(r.onDate, r.start)}.`,
    link: `/schools/${encodeURIComponent(r.slug)}`,
  };
}
