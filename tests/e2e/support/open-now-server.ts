/**
 * A binary of its own for the check-in tests: the server judges "open mat now" by its own
 * clock, which a browser test cannot fake, so a school whose schedule starts ten minutes ago
 * (in its own time zone) is imported with `openmat import` before the server starts.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningBinary, runHidden, startHiddenServer } from "../../support/binary";

/** Manhattan: the offline time-zone lookup places it in America/New_York. */
export const OPEN_NOW_GYM = {
  gym: "Open Now Jiu Jitsu",
  latitude: 40.7128,
  longitude: -74.006,
  timeZone: "America/New_York",
};

/**
 * 'h:mma' `minutes` ago in `timeZone`: inside the window (20 min before to 120 min after).
 * In the hour after midnight that would be '12:xxam', which the schedule parser reads as noon
 * and flags (a midnight open mat is unlikely): then it is 11:59pm, the day before's session,
 * at most 70 minutes ago for `minutes` up to 10.
 */
export function startedMinutesAgo(minutes: number, timeZone: string, now = new Date()): string {
  const at = new Date(now.getTime() - minutes * 60_000);
  const parts = new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZone,
  })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  const dayPeriod = String(parts.dayPeriod).toLowerCase();
  if (parts.hour === "12" && dayPeriod === "am") return "11:59pm";
  return `${parts.hour}:${parts.minute}${dayPeriod}`;
}

export interface OpenNowServer {
  url: string;
  /** The server's database, for a test that must write what no API call can (past days). */
  databaseUrl: string;
  schoolId: number;
  slug: string;
  stop(): Promise<void>;
}

/** `env` adds to the server's environment (e.g. a small SEARCH_LIMIT_GUEST). */
export async function startOpenNowServer(env: Record<string, string> = {}): Promise<OpenNowServer> {
  const data = mkdtempSync(join(tmpdir(), "openmat-checkins-"));
  const database = `file:${join(data, "openmat.db")}`;
  const file = join(data, "schools.json");
  writeFileSync(
    file,
    JSON.stringify([
      {
        key: "e2e-open-now",
        gym: OPEN_NOW_GYM.gym,
        address: "1 Test Plaza, New York, NY 10001",
        city: "New York",
        state: "NY",
        zipCode: "10001",
        latitude: OPEN_NOW_GYM.latitude,
        longitude: OPEN_NOW_GYM.longitude,
        dayAndTime: `Every day ${startedMinutesAgo(10, OPEN_NOW_GYM.timeZone)}`,
        communityNotes: "",
      },
    ]),
  );
  const importer = runHidden(["import", file], { DATABASE_URL: database });
  await new Promise<void>((done) => importer.child.once("exit", () => done()));
  rmSync(importer.dir, { recursive: true, force: true });
  if (importer.child.exitCode !== 0) throw new Error(`openmat import failed:\n${importer.log()}`);
  const server: RunningBinary = await startHiddenServer({
    NODE_ENV: "development",
    SIGNUP_LIMIT: "1000",
    DATABASE_URL: database,
    ...env,
  });
  const res = await fetch(`${server.url}/api/schools/1`);
  const school = (await res.json()) as { id: number; slug: string; gym: string };
  if (school.gym !== OPEN_NOW_GYM.gym)
    throw new Error(`the imported school is not id 1: ${JSON.stringify(school)}`);
  return {
    url: server.url,
    databaseUrl: database,
    schoolId: school.id,
    slug: school.slug,
    async stop() {
      await server.stop();
      rmSync(data, { recursive: true, force: true });
    },
  };
}
