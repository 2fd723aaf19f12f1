import type { ResultSet } from "@libsql/client";
import { LIVE_STREAM_PATH } from "../../src/common/live";
import type { Db } from "../../src/db/client";
import { appendEvent, type EventType } from "../../src/server/events/store";
import { readSse } from "./sse";
import type { TestApp } from "./test-app";

/** Appends one event in its own batch, as a service would with its change; returns its id. */
export async function appendOne(
  db: Db,
  type: EventType,
  recipients: number[],
  payload: Record<string, unknown> = {},
  extra: { actorId?: number; subjectId?: number; at?: Date } = {},
): Promise<number> {
  const [insert] = await db.batch([
    ...appendEvent(db, { type, recipients, payload, at: extra.at ?? new Date(), ...extra }),
  ]);
  return Number((insert as ResultSet).lastInsertRowid);
}

/** Opens a member's stream through the app's whole pipeline and reads it. */
export async function openStream(
  t: Pick<TestApp, "request">,
  cookie: string,
  { lastEventId, query = "", gzip = true }: { lastEventId?: string; query?: string; gzip?: boolean } = {},
) {
  const response = await t.request(`${LIVE_STREAM_PATH}${query}`, {
    headers: {
      cookie,
      accept: "text/event-stream",
      ...(gzip ? { "accept-encoding": "gzip, deflate, br" } : {}),
      ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }),
    },
  });
  if (response.status !== 200)
    throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  return { response, sse: readSse(response) };
}

/** The domain events of a stream's messages (not ready, counts, comments). */
export const isDomainEvent = (m: { event: string; id?: string }) =>
  m.id !== undefined && m.event.includes(".");
