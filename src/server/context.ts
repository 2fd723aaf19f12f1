import type { Database } from "../db/client";
import type { Env } from "./env";
import type { Logger } from "./log";
import type { Storage } from "./storage";

/** What every feature plugin is built from. Plain values, so services stay testable. */
export interface AppContext {
  env: Env;
  database: Database;
  logger: Logger;
  now: () => Date;
  /** The photo store (a folder or an S3 bucket); only the storage module knows which. */
  storage: Storage;
}
