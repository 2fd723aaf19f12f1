// Adds a feed to a bench database that already has members (bench/seed-members.ts) and,
// optionally, check-ins (bench/seed-checkins.ts):
// bun bench/seed-posts.ts FILE POSTS FOLLOWS_PER_MEMBER SIGNED_IN
// Every member is topped up to FOLLOWS_PER_MEMBER follows (popular members are followed
// more, as on a real network). POSTS posts are spread over the last year, oldest first so
// ids rise with time, by authors of skewed activity: about 70% Public, 20% Friends, 10%
// Private, one in six the activity card of one of the author's verified check-ins (when the
// database has any), one in eight with 1 to 4 photos (rows only: the feed lists paths, it
// does not read the files), and 0 to 7 likes each (1.5 on average). The text comes from the demo community's
// generator. All rows go in directly, in multi-row INSERTs in one transaction. SIGNED_IN
// members get a session cookie. Prints JSON: the counts and the cookies.
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { seededRandom } from "../src/db/seed/random";
import { createSession } from "../src/server/features/auth/sessions";
import { postText } from "../src/server/features/demo-community/content";
import { multiRowInserts } from "./lib/multi-row-inserts";

const [file, postCount, followCount, signedIn] = process.argv.slice(2);
if (!file || !postCount || !followCount || !signedIn) {
  throw new Error("usage: bun bench/seed-posts.ts FILE POSTS FOLLOWS_PER_MEMBER SIGNED_IN");
}
const POSTS = Number(postCount);
const FOLLOWS = Number(followCount);
const SIGNED_IN = Number(signedIn);
const DAY = 86_400_000;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

const r = seededRandom(0x0feed5);
const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;
const photoId = () => Array.from({ length: 26 }, () => BASE32[r.int(0, 31)]).join("");

const database = await openDatabase(`file:${file}`);
await migrate(database.client);
const { client } = database;
const members = (await client.execute("SELECT id, username FROM users ORDER BY id")).rows.map((row) => ({
  id: Number(row.id),
  username: String(row.username),
}));
if (members.length <= FOLLOWS) throw new Error(`${members.length} members cannot follow ${FOLLOWS} each`);
const gyms = (await client.execute("SELECT gym, city FROM schools ORDER BY id LIMIT 2000")).rows.map(
  (row) => ({
    gym: String(row.gym),
    city: String(row.city),
  }),
);
if (!gyms.length) throw new Error("the database has no schools");

// Popularity: a member's place in this order; low places are picked far more often.
const byPopularity = members.map((m) => m.id);
for (let i = byPopularity.length - 1; i > 0; i--) {
  const j = r.int(0, i);
  [byPopularity[i], byPopularity[j]] = [byPopularity[j] as number, byPopularity[i] as number];
}
const popular = () => byPopularity[Math.floor(r.next() ** 1.6 * byPopularity.length)] as number;

const following = new Map<number, Set<number>>(members.map((m) => [m.id, new Set()]));
for (const row of (await client.execute("SELECT follower_id, following_id FROM follows")).rows) {
  following.get(Number(row.follower_id))?.add(Number(row.following_id));
}
const now = Date.now();
const followRows: string[] = [];
for (const { id } of members) {
  const set = following.get(id) as Set<number>;
  while (set.size < FOLLOWS) {
    const other = popular();
    if (other === id || set.has(other)) continue;
    set.add(other);
    followRows.push(`(${id}, ${other}, ${now - r.int(1, 365) * DAY})`);
  }
}

// Verified check-ins without a card yet, by member; each becomes a card at most once.
const checkinsOf = new Map<number, { id: number; at: number }[]>();
for (const row of (
  await client.execute(
    `SELECT id, user_id, checked_in_at FROM checkins WHERE verified = 1
     AND id NOT IN (SELECT checkin_id FROM posts WHERE checkin_id IS NOT NULL) ORDER BY id`,
  )
).rows) {
  const list = checkinsOf.get(Number(row.user_id)) ?? [];
  list.push({ id: Number(row.id), at: Number(row.checked_in_at) });
  checkinsOf.set(Number(row.user_id), list);
}

const firstPostId = Number(
  (await client.execute("SELECT coalesce(max(id), 0) + 1 AS id FROM posts")).rows[0]?.id,
);
const postRows: string[] = [];
const photoRows: string[] = [];
const likeRows: string[] = [];
let cards = 0;
for (let i = 0; i < POSTS; i++) {
  const id = firstPostId + i;
  const author = popular();
  const at = now - 365 * DAY + Math.floor(((i + r.next()) * 365 * DAY) / POSTS);
  const roll = r.next();
  const visibility = roll < 0.7 ? "Public" : roll < 0.9 ? "Friends" : "Private";
  const checkin = r.chance(1 / 6) ? checkinsOf.get(author)?.pop() : undefined;
  if (checkin) {
    cards++;
    postRows.push(`(${id}, ${author}, 'checkin', '', 'Public', ${checkin.id}, ${at})`);
  } else {
    const gym = r.pick(gyms);
    const partner = r.pick(members).username;
    const text = postText(r, { gym: gym.gym, city: gym.city, partner });
    postRows.push(`(${id}, ${author}, 'post', ${sqlText(text)}, '${visibility}', NULL, ${at})`);
    if (r.chance(1 / 8)) {
      const photos = r.int(1, 4);
      for (let p = 0; p < photos; p++) photoRows.push(`('${photoId()}', ${author}, ${id}, ${p}, ${at})`);
    }
  }
  const likers = new Set<number>();
  for (let n = Math.floor(r.next() ** 3 * 8); likers.size < n; ) likers.add(r.pick(members).id);
  likers.delete(author);
  for (const liker of likers) likeRows.push(`(${id}, ${liker}, ${at + r.int(1, 48) * 3_600_000})`);
}

await client.batch(
  [
    ...multiRowInserts("INSERT INTO follows (follower_id, following_id, created_at)", followRows),
    ...multiRowInserts(
      "INSERT INTO posts (id, user_id, kind, content, visibility, checkin_id, created_at)",
      postRows,
    ),
    ...multiRowInserts("INSERT INTO post_photos (id, user_id, post_id, position, created_at)", photoRows),
    ...multiRowInserts("INSERT INTO post_likes (post_id, user_id, created_at)", likeRows),
  ],
  "write",
);

// The signed-in members are spread over the popularity order, so their feeds differ.
const cookies: string[] = [];
const memberIds: number[] = [];
for (let k = 0; k < SIGNED_IN; k++) {
  const member = members[Math.floor(((k + 0.5) * members.length) / SIGNED_IN)] as (typeof members)[number];
  const { token } = await createSession(database.db, member.id, new Date());
  cookies.push(`om_session=${token}`);
  memberIds.push(member.id);
}
await database.close();

console.log(
  JSON.stringify({
    members: members.length,
    posts: postRows.length,
    checkinCards: cards,
    photos: photoRows.length,
    likes: likeRows.length,
    follows: [...following.values()].reduce((n, s) => n + s.size, 0),
    cookies,
    memberIds,
  }),
);
