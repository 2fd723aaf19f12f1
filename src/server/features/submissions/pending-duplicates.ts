import { distanceMiles } from "../../../common/geo";
import type { PendingDuplicate } from "../../../common/schemas/submission";
import { similarNames } from "../schools/service";
import type { SubmissionRow } from "./queries";

const DUPLICATE_KM = 1;
const plain = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * Other pending submissions that look like this one: the same gym name and address, or a
 * similar name within 1 km. Two people sending in one gym flag each other in the queue.
 */
export function pendingDuplicates(row: SubmissionRow, pending: readonly SubmissionRow[]): PendingDuplicate[] {
  const found: PendingDuplicate[] = [];
  for (const other of pending) {
    if (other.id === row.id) continue;
    const located =
      row.latitude !== null && row.longitude !== null && other.latitude !== null && other.longitude !== null;
    const km = located
      ? distanceMiles(
          row.latitude as number,
          row.longitude as number,
          other.latitude as number,
          other.longitude as number,
        ) * 1.609344
      : null;
    const same = plain(other.gym) === plain(row.gym) && plain(other.address) === plain(row.address);
    const near = km !== null && km <= DUPLICATE_KM && similarNames(other.gym, row.gym);
    if (!same && !near) continue;
    found.push({
      id: other.id,
      gym: other.gym,
      address: other.address,
      distanceKm: km === null ? null : Math.round(km * 10) / 10,
      reasons: ["pendingSubmission"],
    });
  }
  return found;
}
