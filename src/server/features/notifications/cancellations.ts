/**
 * Cancelled and moved open mats in the bell (issue 20): an `occurrence.cancelled` or
 * `occurrence.moved` event (the exception and its school, by id) becomes one item for each
 * member who saved the gym, when the open mat (or, for a move, its new time) was at most
 * CANCELLATION_NOTICE_DAYS ahead when it was changed, and for each member going to it
 * (issue 22), however far ahead; one item per member either way. The item keeps the exception's id,
 * school, date, start, reason and move; its text is built when it is read, from the exception
 * as it is then, so one restored meanwhile says the open mat is back on (or back at its own
 * time). One gone without a restore was pruned (its days long past): it says what it told.
 */

import { formatTime } from "../../../common/schedule/format";
import { localDateAt } from "../../../common/schedule/open-now";
import { CANCELLATION_NOTICE_DAYS, type MoveTarget } from "../../../common/schemas/schedule-exceptions";
import type { Db } from "../../../db/client";
import type { StoredEvent } from "../../events/store";
import { goersOf } from "../going/service";
import {
  addDays,
  exceptionsWithSchools,
  restoredExceptionIds,
  saversOf,
  schoolNames,
} from "../schedule-exceptions/service";
import type { GroupWrite } from "./writes";

export const CANCELLATION_TYPE = "cancellation";

export interface CancellationPayload {
  exceptionId: number;
  schoolId: number;
  date: string;
  startMinute: number | null;
  /** As told (items written before moves existed have neither). */
  reason?: string;
  moveTo?: MoveTarget | null;
}

const TOLD: readonly string[] = ["occurrence.cancelled", "occurrence.moved"];

/** The items the cancellations among `events` ask for; an exception already restored asks for none. */
export async function cancellationWrites(db: Db, events: readonly StoredEvent[]): Promise<GroupWrite[]> {
  const told = events.filter((e) => TOLD.includes(e.type) && e.subjectId !== null);
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
  const goers = await goersOf(db, [...exceptions.values()]);
  const writes: GroupWrite[] = [];
  for (const event of told) {
    const x = exceptions.get(event.subjectId as number);
    if (!x || x.schoolId !== event.payload.schoolId) continue;
    const today = localDateAt(event.createdAt, x.timeZone);
    const soon = (date: string) => date >= today && date <= addDays(today, CANCELLATION_NOTICE_DAYS);
    // A move is worth telling savers when the open mat was due soon or now is; those going, always.
    const toSavers = soon(x.date) || !!(x.moveTo && soon(x.moveTo.date));
    const going = goers.get(`${x.schoolId} ${x.date} ${x.startMinute ?? "day"}`) ?? [];
    const recipients = new Set([...(toSavers ? (savers.get(x.schoolId) ?? []) : []), ...going]);
    const payload: CancellationPayload = {
      exceptionId: x.id,
      schoolId: x.schoolId,
      date: x.date,
      startMinute: x.startMinute,
      reason: x.reason,
      moveTo: x.moveTo,
    };
    for (const userId of recipients) {
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

/** "Sunday, November 22 at 10:00 AM", or the day alone for a whole day. */
const whenOf = (date: string, start: number | null) =>
  `${dayName(date)}${start === null ? "" : ` at ${formatTime(start)}`}`;

/** What an item says of a change that stands (or, pruned, stood). */
function told(
  gym: string,
  when: string,
  change: { reason?: string; moveTo?: MoveTarget | null },
  link: string,
) {
  const why = change.reason ? `: ${change.reason}` : ".";
  return change.moveTo
    ? {
        title: "Open mat moved",
        body: `Open mat at ${gym} on ${when} is moved to ${whenOf(change.moveTo.date, change.moveTo.start)}${why}`,
        link,
      }
    : { title: "Open mat cancelled", body: `Open mat at ${gym} on ${when} is cancelled${why}`, link };
}

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
  // Only for the exceptions gone (few): restored, or pruned?
  const restored = await restoredExceptionIds(
    db,
    items.map((i) => i.payload.exceptionId).filter((x) => !byId.has(x)),
  );
  for (const { id, payload } of items) {
    const school = schools.get(payload.schoolId);
    if (!school) continue;
    const when = whenOf(payload.date, payload.startMinute);
    const link = `/schools/${encodeURIComponent(school.slug)}`;
    const exception = byId.get(payload.exceptionId);
    out.set(
      id,
      exception
        ? told(school.gym, when, exception, link)
        : // Gone without a restore: pruned once its days were long past. It says what it told.
          !restored.has(payload.exceptionId)
          ? told(school.gym, when, payload, link)
          : payload.moveTo
            ? {
                title: "Open mat back at its time",
                body: `The open mat at ${school.gym} on ${when} is back at its own time.`,
                link,
              }
            : {
                title: "Open mat back on",
                body: `The open mat at ${school.gym} on ${when} is back on.`,
                link,
              },
    );
  }
  return out;
}
