import { describe, expect, it } from "bun:test";
import type { Db } from "../../../db/client";
import { currentSchoolsVersion, SCHOOLS_VERSION_REFRESH_MS, schoolsChanged } from "./schools-version";

/** A database that only answers the schools version, counting the reads; each read can be held. */
function fakeDb() {
  const state = { version: "1", reads: 0, hold: undefined as Promise<void> | undefined };
  const db = {
    $client: {
      execute: async () => {
        state.reads++;
        const version = state.version;
        if (state.hold) await state.hold;
        return { rows: [[version]] };
      },
    },
  } as unknown as Db;
  return { db, state };
}

describe("currentSchoolsVersion", () => {
  it("reads the database at most once a second, and concurrent callers share the read", async () => {
    const { db, state } = fakeDb();
    expect(await Promise.all([currentSchoolsVersion(db), currentSchoolsVersion(db)])).toEqual(["1", "1"]);
    expect(await currentSchoolsVersion(db)).toBe("1");
    expect(state.reads).toBe(1);
    state.version = "2"; // another copy wrote
    expect(await currentSchoolsVersion(db)).toBe("1");
    await Bun.sleep(SCHOOLS_VERSION_REFRESH_MS + 20);
    expect(await currentSchoolsVersion(db)).toBe("2");
    expect(state.reads).toBe(2);
  });

  it("after this copy's own write, reads again until the new version shows", async () => {
    const { db, state } = fakeDb();
    expect(await currentSchoolsVersion(db)).toBe("1");
    // The write's statements are built (and the copy told) before they commit.
    schoolsChanged(db);
    expect(await currentSchoolsVersion(db)).toBe("1");
    state.version = "2";
    expect(await currentSchoolsVersion(db)).toBe("2");
    const reads = state.reads;
    expect(await currentSchoolsVersion(db)).toBe("2");
    expect(state.reads).toBe(reads);
  });

  it("does not hand a read begun before the write to a caller after it", async () => {
    const { db, state } = fakeDb();
    expect(await currentSchoolsVersion(db)).toBe("1");
    await Bun.sleep(SCHOOLS_VERSION_REFRESH_MS + 20);
    let release = () => {};
    state.hold = new Promise((resolve) => {
      release = resolve;
    });
    const early = currentSchoolsVersion(db);
    state.version = "2";
    schoolsChanged(db);
    state.hold = undefined;
    const late = currentSchoolsVersion(db);
    release();
    expect(await early).toBe("1");
    expect(await late).toBe("2");
    expect(await currentSchoolsVersion(db)).toBe("2");
  });
});
