import type { Db } from "../../../db/client";
import { schoolsVersion as readSchoolsVersion } from "./queries";

/** How long a copy trusts the schools version it read before asking the database again. */
export const SCHOOLS_VERSION_REFRESH_MS = 1000;

interface Clock {
  value?: string;
  /** When the read that gave `value` started. */
  readAt: number;
  reading?: { startedAt: number; value: Promise<string> };
  /** When this copy last wrote schools, and the version it held then. */
  changedAt: number;
  valueAtChange?: string;
}

const clocks = new WeakMap<Pick<Db, "run">, Clock>();
const clockOf = (db: Pick<Db, "run">) => {
  let clock = clocks.get(db);
  if (!clock) {
    clock = { readAt: Number.NEGATIVE_INFINITY, changedAt: Number.NEGATIVE_INFINITY };
    clocks.set(db, clock);
  }
  return clock;
};

/** Whether this copy's own write may not be in `clock.value` yet. */
const awaitingOwnWrite = (clock: Clock, now: number) =>
  clock.valueAtChange !== undefined &&
  clock.value === clock.valueAtChange &&
  now - clock.changedAt < SCHOOLS_VERSION_REFRESH_MS;

function refresh(db: Db, clock: Clock, startedAt: number): Promise<string> {
  const value = readSchoolsVersion(db).then(
    (version) => {
      if (clock.reading?.value === value) clock.reading = undefined;
      if (startedAt >= clock.readAt) {
        clock.value = version;
        clock.readAt = startedAt;
      }
      if (version !== clock.valueAtChange) clock.valueAtChange = undefined;
      return version;
    },
    (error) => {
      if (clock.reading?.value === value) clock.reading = undefined;
      throw error;
    },
  );
  clock.reading = { startedAt, value };
  return value;
}

/**
 * The schools version as this copy knows it: read from the database (one primary-key
 * lookup) at most once a second, so a request that needs nothing else makes no round trip.
 * Another copy's change is seen here within `SCHOOLS_VERSION_REFRESH_MS`; this copy's own
 * change (see `schoolsChanged`) is seen by its next request. Concurrent callers share a read.
 */
export function currentSchoolsVersion(db: Db): Promise<string> {
  const clock = clockOf(db);
  const now = performance.now();
  if (
    clock.value !== undefined &&
    now - clock.readAt < SCHOOLS_VERSION_REFRESH_MS &&
    clock.readAt >= clock.changedAt &&
    !awaitingOwnWrite(clock, now)
  ) {
    return Promise.resolve(clock.value);
  }
  // A read that began before this copy's last write may miss it: only a later one is shared.
  if (clock.reading && clock.reading.startedAt >= clock.changedAt) return clock.reading.value;
  return refresh(db, clock, now);
}

/**
 * Tells this copy that it is writing schools now: its next requests read the version again
 * until they see a new one (at most a second, when the write turned out to change nothing).
 * Call it when the write's statements are built, or after they commit, or both.
 */
export function schoolsChanged(db: Pick<Db, "run">): void {
  const clock = clockOf(db);
  clock.changedAt = performance.now();
  clock.valueAtChange = clock.value;
}
