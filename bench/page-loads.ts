// Database calls (client.execute and client.batch: on sqld each is one round trip) and CPU
// ms per member page, in process, on the member-pages bench's seeded database (run
// bench/member-pages.ts once first to make it):
//   NODE_ENV=production bun bench/page-loads.ts [ITERATIONS=300] [FILTER]
// Each row is measured twice: the whole request through the app, and the page's one
// loader (the service function that reads what the page needs) called on its own.
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkinsFromSql, checkinsSql } from "../src/server/features/checkins/service";
import {
  listConversations,
  messagesPageData,
  unreadMessageCount,
} from "../src/server/features/messages/service";
import { type CheckinsPanel, feedPageData } from "../src/server/features/posts/service";
import { profilePageData } from "../src/server/features/users/service";
import { benchApp, ORIGIN } from "./lib/in-process";

const CHECKINS_PANEL: CheckinsPanel = { sql: checkinsSql, read: checkinsFromSql };

const iterations = Number(process.argv[2] ?? 300);
const filter = process.argv[3] ? new RegExp(process.argv[3], "i") : undefined;

const template = join(tmpdir(), "openmat-bench-member-pages.db");
if (!existsSync(`${template}.json`))
  throw new Error("run bench/member-pages.ts once first: it seeds the database");
const { members } = JSON.parse(await Bun.file(`${template}.json`).text());
const bench = await benchApp(template);
const { client, db } = bench.app.context.database;
const viewerId: number = members.viewer.id;
// Every seeded member's password is the one bench/member-pages.ts seeds them with.
const login = await bench.app.handle(
  new Request(`${ORIGIN}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ identifier: members.viewer.username, password: "bench password 1" }),
  }),
);
const cookie = (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
if (!cookie) throw new Error(`login: ${login.status} ${await login.text()}`);
const viewer = { kind: "member" as const, id: viewerId };
const friendId = Number(
  (
    await client.execute({
      sql: "SELECT following_id FROM follows WHERE follower_id = ? LIMIT 1",
      args: [viewerId],
    })
  ).rows[0]?.[0],
);

// The seeded database has no messages: give the viewer MESSAGE_PARTNERS conversations on
// this copy, three messages each, the first two read, so /messages lists and counts something.
const MESSAGE_PARTNERS = 30;
const seededAt = Date.now() - 86_400_000;
await client.execute({
  sql: `INSERT INTO conversations (user_a_id, user_b_id, created_at, last_message_at)
    SELECT ?1, id, ?2, ?2 + id FROM users WHERE id > ?1 ORDER BY id LIMIT ?3`,
  args: [viewerId, seededAt, MESSAGE_PARTNERS],
});
for (const sender of ["user_b_id", "user_a_id", "user_b_id"]) {
  await client.execute({
    sql: `INSERT INTO messages (conversation_id, sender_id, body, created_at)
      SELECT id, ${sender}, 'Open mat at 6?', last_message_at FROM conversations WHERE user_a_id = ?`,
    args: [viewerId],
  });
}
await client.execute({
  sql: `UPDATE conversations SET a_last_read_id =
      (SELECT id FROM messages WHERE conversation_id = conversations.id ORDER BY id LIMIT 1 OFFSET 1)
    WHERE user_a_id = ?`,
  args: [viewerId],
});

// A newcomer (signed up just now: no follows, no posts), whose empty feed shows the community.
const newcomerCookie = await bench.signUp(`newcomer${Date.now() % 100_000}`);
const newcomer = {
  kind: "member" as const,
  id: Number((await client.execute("SELECT max(id) FROM users")).rows[0]?.[0]),
};

let calls = 0;
const execute = client.execute.bind(client);
const batch = client.batch.bind(client);
client.execute = ((...args: Parameters<typeof execute>) => {
  calls++;
  return execute(...args);
}) as typeof client.execute;
client.batch = ((...args: Parameters<typeof batch>) => {
  calls++;
  return batch(...args);
}) as typeof client.batch;

const now = () => new Date();
const rows: { name: string; path: string; cookie?: string; load: () => Promise<unknown> }[] = [
  {
    name: "/users/{followed}",
    path: `/users/${friendId}`,
    load: () => profilePageData(db, viewer, friendId, now()),
  },
  { name: "/profile", path: "/profile", load: () => profilePageData(db, viewer, viewerId, now()) },
  { name: "/feed", path: "/feed", load: () => feedPageData(db, viewer, now(), CHECKINS_PANEL) },
  {
    name: "/feed, a newcomer's (empty: the community instead)",
    path: "/feed",
    cookie: newcomerCookie,
    load: () => feedPageData(db, newcomer, now(), CHECKINS_PANEL),
  },
  {
    name: `/messages (${MESSAGE_PARTNERS} conversations)`,
    path: "/messages",
    load: () => messagesPageData(db, viewer),
  },
  {
    name: "/messages before messagesPageData (listConversations + unreadMessageCount)",
    path: "/messages",
    load: () => Promise.all([listConversations(db, viewer), unreadMessageCount(db, viewerId)]),
  },
];

/** Database calls per run and CPU ms per run (user + system), after a warm-up. */
async function measure(run: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(50, iterations); i++) await run();
  const before = calls;
  await run();
  const perRun = calls - before;
  const started = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await run();
  const used = process.cpuUsage(started);
  return { calls: perRun, ms: (used.user + used.system) / 1000 / iterations };
}

const request =
  (path: string, as = cookie) =>
  async () => {
    const res = await bench.get(path, { cookie: as });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  };

for (const row of rows) {
  if (filter && !filter.test(row.name)) continue;
  const page = await measure(request(row.path, row.cookie));
  const load = await measure(row.load);
  console.log(
    `${row.name}: request ${page.calls} calls, ${page.ms.toFixed(2)} ms; loader ${load.calls} calls, ${load.ms.toFixed(2)} ms`,
  );
}
await bench.close();
