import type { Db } from "../../../db/client";
import { currentSchoolsVersion } from "./schools-version";

/**
 * A value built once per schools version: a call costs at most one primary-key lookup of
 * the version, and none while this copy's known version is fresh (see `currentSchoolsVersion`);
 * the build runs again only when a school has changed since. Calls that arrive
 * while it is being built share that build; a failed build is not kept.
 */
export function perSchoolsVersion<T>(db: Db, build: () => Promise<T>): () => Promise<T> {
  let current: { version: string; value: Promise<T> } | undefined;
  return async () => {
    const version = await currentSchoolsVersion(db);
    if (current?.version !== version) {
      const value = build();
      const entry = { version, value };
      current = entry;
      value.catch(() => {
        if (current === entry) current = undefined;
      });
    }
    return current.value;
  };
}
