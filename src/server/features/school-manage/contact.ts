/**
 * `PATCH /api/schools/{id}/contact`: a school's website, phone and address, set by its owners
 * and admins. A new address is found on the map again, as a member's submission is, and the
 * school's time zone follows it.
 */
import { type ContactInput, manageTexts } from "../../../common/schemas/school-manage";
import { submissionMessages } from "../../../common/schemas/submission";
import type { Db } from "../../../db/client";
import { HttpError } from "../../http/errors";
import { requireMemberId } from "../../policy/guard";
import type { PolicyViewer } from "../../policy/viewer";
import { requireSchool } from "../owners/service";
import { editStatement, listedFields } from "../school-history/service";
import {
  bumpSchoolsVersionIfChanged,
  getSchool,
  locateSchool,
  type SchoolGeocoder,
  schoolsChanged,
} from "../schools/service";
import * as q from "./queries";

export interface ContactDeps {
  db: Db;
  now: () => Date;
  geocoder: SchoolGeocoder;
  timeZoneAt: (latitude: number, longitude: number) => string;
}

/** A ZIP code written at the end of an address ("…, Austin, TX 78701"). */
const zipAtEnd = (address: string) => /\b(\d{5})(?:-\d{4})?\s*$/.exec(address)?.[1] ?? null;

/** Where the school is after `address`: unchanged when the address is, else found again (422 when not). */
async function place(deps: ContactDeps, stored: q.ContactState, address: string) {
  if (address === stored.address) return stored;
  const found = await locateSchool(deps.geocoder, { address } as never);
  if (!found?.city || !found.state) throw new HttpError(422, submissionMessages.geocodeFailed(address));
  return {
    ...stored,
    address,
    city: found.city,
    state: found.state.toUpperCase(),
    zipCode: zipAtEnd(address),
    latitude: found.latitude,
    longitude: found.longitude,
    timeZone: deps.timeZoneAt(found.latitude, found.longitude),
  };
}

/**
 * Saves the fields given (an empty website or phone clears it): the school's row, the history
 * line and the schools version's bump in one batch. Saving what is there writes nothing.
 */
export async function saveContact(
  deps: ContactDeps,
  viewer: PolicyViewer,
  schoolId: number,
  input: ContactInput,
) {
  const { db } = deps;
  const subject = await requireSchool(db, viewer, "school.edit", schoolId, manageTexts.schoolNotFound);
  const userId = requireMemberId(viewer);
  const stored = await q.contactState(db, schoolId);
  if (!stored) throw new HttpError(404, manageTexts.schoolNotFound);
  const next = {
    ...(await place(deps, stored, input.address ?? stored.address)),
    website: input.website === undefined ? stored.website : input.website || null,
    phone: input.phone === undefined ? stored.phone : input.phone || null,
  };
  const before = listedFields(stored);
  const after = listedFields(next);
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    const now = deps.now();
    const { id: _id, ...values } = next;
    schoolsChanged(db);
    const history = editStatement(
      db,
      { schoolId, userId, source: subject.owner ? "gym" : "admin", before, after, at: now },
      q.schoolExists(schoolId),
    );
    await db.batch([
      q.updateContact(db, schoolId, values, now),
      bumpSchoolsVersionIfChanged(db),
      ...(history ? [history] : []),
    ]);
    schoolsChanged(db);
  }
  const school = await getSchool(db, schoolId);
  if (!school) throw new HttpError(404, manageTexts.schoolNotFound);
  return { school };
}
