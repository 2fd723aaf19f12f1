/**
 * Cancelled open mats in the bell (issue 20): an `occurrence.cancelled` event (the exception
 * and its school, by id) becomes one item for each member who saved the gym, when the open
 * mat was at most CANCELLATION_NOTICE_DAYS ahead when it was cancelled. The item keeps the
 * exception's id, school, date and start; its text is built when it is read, from the
 * exception as it is then, so a cancellation restored meanwhile says the open mat is back on.
 */

import { formatTime } from "../../../common/schedule/format";
import { localDateAt } from "../../../common/schedule/open-now";
import { CANCELLATION_NOTICE_DAYS } from "../../../common/schemas/schedule-exceptions";
import type { Db } from "../../../db/client";
import type { StoredEvent } from "../../events/store";
import { addDays, exceptionsWithSchools, saversOf, schoolNames } from "../schedule-exceptions/service";
import type { GroupWrite } from "./writes";

export const CANCELLATION_TYPE = "cancellation";

export interface CancellationPayload {
  exceptionId: number;
  schoolId: number;
  date: string;
  startMinute: number | null;
}

/** The items the cancellations among `events` ask for; an exception already restored asks for none. */
export async function cancellationWrites(db: Db, events: readonly StoredEvent[]): Promise<GroupWrite[]> {
  const told = events.filter((e) => e.type === "occurrence.cancelled" && e.subjectId !== null);
  const exceptions = new Map(
    (
      await exceptionsWithSchools(
        db,
        told.map((e) => e.subjectId as number),
      )
    ).map((x) => [x.id, x]),
  );
  const savers = await saversOf(
    db,
    [...exceptions.values()].map((x) => x.schoolId),
  );
  const writes: GroupWrite[] = [];
  for (const event of told) {
    const x = exceptions.get(event.subjectId as number);
    if (!x || x.schoolId !== event.payload.schoolId) continue;
    const today = localDateAt(event.createdAt, x.timeZone);
    if (x.date < today || x.date > addDays(today, CANCELLATION_NOTICE_DAYS)) continue;
    const payload: CancellationPayload = {
      exceptionId: x.id,
      schoolId: x.schoolId,
      date: x.date,
      startMinute: x.startMinute,
    };
    for (const userId of savers.get(x.schoolId) ?? []) {
      // The admin who cancelled it knows already.
      if (userId === event.actorId) continue;
      writes.push({
        userId,
        type: CANCELLATION_TYPE,
        groupKey: `cancellation:${x.id}`,
        subjectId: x.id,
        payload: JSON.stringify(payload),
        at: event.createdAt,
      });
    }
  }
  return writes;
}

/** "Sunday, November 22", from a local date. */
const dayName = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

export interface CancellationText {
  title: string;
  body: string;
  link: string;
}

/**
 * The texts of cancellation items, by notification id, as things stand: the reason while
 * the exception is there, "back on" once it was restored, nothing once the school is gone.
 */
export async function cancellationTexts(
  db: Db,
  items: readonly { id: number; payload: CancellationPayload }[],
): Promise<Map<number, CancellationText>> {
  const out = new Map<number, CancellationText>();
  if (!items.length) return out;
  const [exceptions, schools] = await Promise.all([
    exceptionsWithSchools(
      db,
      items.map((i) => i.payload.exceptionId),
    ),
    schoolNames(
      db,
      items.map((i) => i.payload.schoolId),
    ),
  ]);
  const byId = new Map(exceptions.map((x) => [x.id, x]));
  for (const { id, payload } of items) {
    const school = schools.get(payload.schoolId);
    if (!school) continue;
    const when = `${dayName(payload.date)}${payload.startMinute === null ? "" : ` at ${formatTime(payload.startMinute)}`}`;
    const link = `/schools/${encodeURIComponent(school.slug)}`;
    const exception = byId.get(payload.exceptionId);
    out.set(
      id,
      exception
        ? {
            title: "Open mat cancelled",
            body: `Open mat at ${school.gym} on ${when} is cancelled: ${exception.reason}`,
            link,
          }
        : { title: "Open mat back on", body: `The open mat at ${school.gym} on ${when} is back on.`, link },
    );
  }
  return out;
}
