/**
 * Two hours before an open mat, those going to it are reminded (issue 22): a periodic job,
 * leased across copies, over the going rows whose start is within REMINDER_LEAD_MS and not yet
 * reminded. Each reminder is an `occurrence.reminder` event (the bell's consumer makes the
 * item); the row is marked reminded in the same batch, and the event is written only when
 * this run's mark changed the row, so no copy or late run reminds anyone twice.
 *
 * The schedule is read again for the rows found: one cancelled meanwhile (or gone from the
 * schedule) is passed over without a reminder, and one whose occurrence now starts at another
 * time has its start put right first (and is reminded only if it is still due).
 */
import { sql } from "drizzle-orm";
import { REMINDER_LEAD_MS, type ReminderEvent, type Slot, slotKey } from "../../../common/schemas/going";
import type { SchoolView } from "../../../common/schemas/school";
import type { Db } from "../../../db/client";
import { appendEvent } from "../../events/store";
import type { Job } from "../../jobs/runner";
import { getSchool } from "../schools/service";
import { occurrenceIn } from "./occurrence";
import { dueReminders, markReminded, moveStartsAt } from "./queries";

export const GOING_REMINDERS_JOB = "going:reminders";
const EVERY_MS = 60_000;
const BATCH = 500;
const ROUNDS = 10;

interface Due {
  schoolId: number;
  slot: Slot;
  userId: number;
  startsAt: number;
}

/** One round: at most BATCH rows. Answers how many rows it looked at. */
export async function remindOnce(db: Db, now: Date): Promise<number> {
  const due: Due[] = (await dueReminders(db, now, new Date(now.getTime() + REMINDER_LEAD_MS), BATCH)).map(
    (r) => ({
      schoolId: Number(r.school_id),
      slot: { date: String(r.date), startMinute: Number(r.start_minute) },
      userId: Number(r.user_id),
      startsAt: Number(r.starts_at),
    }),
  );
  if (!due.length) return 0;
  const schools = new Map<number, SchoolView | undefined>();
  for (const id of new Set(due.map((d) => d.schoolId))) schools.set(id, await getSchool(db, id));
  const statements: ReturnType<typeof markReminded>[] = [];
  const corrected = new Set<string>();
  for (const row of due) {
    const school = schools.get(row.schoolId);
    const occurrence = school ? occurrenceIn(school, row.slot) : null;
    const startsAt = occurrence?.startsAt ? Date.parse(occurrence.startsAt) : null;
    const target = { schoolId: row.schoolId, slot: row.slot, userId: row.userId };
    if (!school || !occurrence || occurrence.status === "cancelled" || startsAt === null) {
      // Cancelled (its goers were told) or no longer on the schedule: nothing to remind of.
      statements.push(markReminded(db, target, now));
      continue;
    }
    const slotId = `${row.schoolId} ${slotKey(row.slot)}`;
    if (startsAt !== row.startsAt && !corrected.has(slotId)) {
      corrected.add(slotId);
      statements.push(moveStartsAt(db, row.schoolId, row.slot, new Date(startsAt)));
    }
    if (startsAt <= now.getTime()) {
      statements.push(markReminded(db, target, now));
      continue;
    }
    if (startsAt > now.getTime() + REMINDER_LEAD_MS) continue;
    const payload: ReminderEvent = {
      userId: row.userId,
      schoolId: row.schoolId,
      date: row.slot.date,
      startMinute: row.slot.startMinute,
      onDate: occurrence.date,
      start: occurrence.start ?? row.slot.startMinute,
      gym: school.gym,
      slug: school.slug,
    };
    statements.push(
      markReminded(db, target, now),
      ...appendEvent(
        db,
        { type: "occurrence.reminder", subjectId: row.schoolId, payload, at: now },
        sql`changes() = 1`,
      ),
    );
  }
  if (statements.length) await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
  return due.length;
}

/** The periodic job: its lease keeps copies apart; the rows' marks keep a late run from repeating. */
export function remindersJob(everyMs = EVERY_MS): Job {
  return {
    name: GOING_REMINDERS_JOB,
    kind: "periodic",
    everyMs,
    async run({ db, now }) {
      let handled = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const n = await remindOnce(db, now);
        handled += n;
        if (n < BATCH) break;
      }
      return handled;
    },
  };
}
