import { expandOccurrences, type Occurrence } from "../../../common/schedule/occurrences";
import { goingTexts, type Slot, slotKey } from "../../../common/schemas/going";
import type { SchoolView } from "../../../common/schemas/school";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { getSchool } from "../schools/service";

/**
 * The occurrence a slot names in a school's schedule as it is now (the one read model, with
 * the school's exceptions): at its own date, or wherever a move took it; null when the
 * school has no open mat in that slot.
 */
export function occurrenceIn(
  school: Pick<SchoolView, "sessions" | "exceptions" | "timeZone">,
  slot: Slot,
): Occurrence | null {
  const exceptions = school.exceptions ?? [];
  // A move takes the slot's occurrence to another date: look there too.
  const move = exceptions.find(
    (e) => e.date === slot.date && e.startMinute === slot.startMinute && e.moveTo,
  )?.moveTo;
  const [from, to] = [slot.date, move?.date ?? slot.date].sort() as [string, string];
  const key = slotKey(slot);
  return (
    expandOccurrences(school.sessions, exceptions, school.timeZone, from, to).find((o) => o.key === key) ??
    null
  );
}

/** The school and the occurrence a slot names; a school that is not there is a 404. */
export async function occurrenceAt(db: Db, schoolId: number, slot: Slot) {
  const school = await getSchool(db, schoolId);
  if (!school) throw new HttpError(404, goingTexts.schoolNotFound);
  return { school, occurrence: occurrenceIn(school, slot) };
}
