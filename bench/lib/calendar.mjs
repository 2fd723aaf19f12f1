import { gzipSync } from "node:zlib";
import { registerBenchUser } from "./members.mjs";
import { progress } from "./progress.mjs";

/** Issue 22's bench: "The calendar feed of a member with 50 saved gyms". */
export const CALENDAR_GYMS = 50;
export const calendarSizeRow = `calendar feed body, a member with ${CALENDAR_GYMS} saved gyms (KB raw / gzip)`;

const feeds = new Map();

/**
 * A member who saved CALENDAR_GYMS schools through the API, and their calendar's path and
 * ETag (once per server). The feed needs no session: a calendar app sends only the address.
 */
export function calendarFeed(baseUrl) {
  if (!feeds.has(baseUrl)) feeds.set(baseUrl, makeFeed(baseUrl));
  return feeds.get(baseUrl);
}

async function makeFeed(baseUrl) {
  const member = await registerBenchUser(baseUrl, "bench_calendar");
  progress(`saving ${CALENDAR_GYMS} gyms for a member's calendar`);
  const { schools } = await (await fetch(`${baseUrl}/api/schools?limit=${CALENDAR_GYMS}`)).json();
  if (schools.length < CALENDAR_GYMS) throw new Error(`only ${schools.length} schools to save`);
  const headers = { "content-type": "application/json", origin: baseUrl, cookie: member.cookie };
  for (const { id } of schools) {
    const res = await fetch(`${baseUrl}/api/favorites`, {
      method: "POST",
      headers,
      body: JSON.stringify({ schoolId: id }),
    });
    if (res.status !== 200) throw new Error(`saving a gym failed: ${res.status} ${await res.text()}`);
  }
  const res = await fetch(`${baseUrl}/api/account/calendar`, { headers: { cookie: member.cookie } });
  if (res.status !== 200) throw new Error(`no calendar address: ${res.status} ${await res.text()}`);
  const path = new URL((await res.json()).https).pathname;
  const feed = await fetch(`${baseUrl}${path}`, { headers: { "accept-encoding": "identity" } });
  if (feed.status !== 200) throw new Error(`the calendar feed answered ${feed.status}`);
  const body = new Uint8Array(await feed.arrayBuffer());
  return { path, etag: feed.headers.get("etag"), body };
}

/** The feed's token and `.ics`, after `/calendar/`. */
const suffixOf = (path) => path.slice("/calendar/".length);

/** The two rows: the whole feed, and a calendar app's poll answered 304 by its ETag. */
export function calendarScenarios(schools) {
  return [
    {
      name: `GET /calendar/{token}.ics (a member's calendar, ${CALENDAR_GYMS} saved gyms, ${schools})`,
      path: "/calendar/",
      minPercentOfCeiling: 10,
      async setup(baseUrl) {
        return { pathSuffix: suffixOf((await calendarFeed(baseUrl)).path) };
      },
    },
    {
      name: `GET /calendar/{token}.ics with If-None-Match (304, ${CALENDAR_GYMS} saved gyms, ${schools})`,
      path: "/calendar/",
      // A 304 is this row's answer: only other statuses are worth a warning.
      expectStatus: 304,
      async setup(baseUrl) {
        const { path, etag } = await calendarFeed(baseUrl);
        return { pathSuffix: suffixOf(path), "if-none-match": etag };
      },
    },
  ];
}

/** The feed's size, raw and gzipped as the server sends it to a client that asks (level 6). */
export async function calendarSize(baseUrl) {
  const { body } = await calendarFeed(baseUrl);
  return { rawKb: body.byteLength / 1024, gzipKb: gzipSync(body, { level: 6 }).byteLength / 1024 };
}
