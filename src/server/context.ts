import type { Database } from "../db/client";
import type { Env } from "./env";
import type { Logger } from "./log";

/** What every feature plugin is built from. Plain values, so services stay testable. */
export interface AppContext {
  env: Env;
  database: Database;
  logger: Logger;
  now: () => Date;
}
