// Adds a feed to a bench database that already has members (bench/seed-members.ts) and,
// optionally, check-ins (bench/seed-checkins.ts):
// bun bench/seed-posts.ts FILE POSTS FOLLOWS_PER_MEMBER [SIGNED_IN]
// Every member is topped up to FOLLOWS_PER_MEMBER follows (popular members are followed
// more, as on a real network). POSTS posts are spread over the last year, oldest first so
// ids rise with time, by authors of skewed activity: about 70% Public, 20% Friends, 10%
// Private, one in six the activity card of one of the author's verified check-ins (when the
// database has any), one in eight with 1 to 4 photos (rows only: the feed lists paths, it
// does not read the files), and 0 to 7 likes each (1.5 on average). The text comes from the demo community's
// generator. All rows go in directly, through bench/lib/bulk-insert.ts (one transaction,
// prepared multi-row INSERTs, the triggers set aside). Sessions are bench/seed-signed-in.ts's
// (per run, so this file can be cached); given SIGNED_IN, this script signs that many in too
// (bench/member-pages.ts). Prints JSON: the counts (and the cookies and members' ids).
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { seededRandom } from "../src/db/seed/random";
import { postText } from "../src/server/features/demo-community/content";
import { openBulk } from "./lib/bulk-insert";
import { signInSpread } from "./lib/run-sessions";

const [file, postCount, followCount, signedIn] = process.argv.slice(2);
if (!file || !postCount || !followCount) {
  throw new Error("usage: bun bench/seed-posts.ts FILE POSTS FOLLOWS_PER_MEMBER [SIGNED_IN]");
}
const POSTS = Number(postCount);
const FOLLOWS = Number(followCount);
const DAY = 86_400_000;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

const r = seededRandom(0x0feed5);
const photoId = () => Array.from({ length: 26 }, () => BASE32[r.int(0, 31)]).join("");

const database = await openDatabase(`file:${file}`);
await migrate(database.client);
await database.close();
const bulk = openBulk(file);
const rows = (sql: string) => bulk.db.query(sql).values();
const members = rows("SELECT id, username FROM users ORDER BY id").map((row) => ({
  id: Number(row[0]),
  username: String(row[1]),
}));
if (members.length <= FOLLOWS) throw new Error(`${members.length} members cannot follow ${FOLLOWS} each`);
const gyms = rows("SELECT gym, city FROM schools ORDER BY id LIMIT 2000").map((row) => ({
  gym: String(row[0]),
  city: String(row[1]),
}));
if (!gyms.length) throw new Error("the database has no schools");

// Popularity: a member's place in this order; low places are picked far more often.
const byPopularity = members.map((m) => m.id);
for (let i = byPopularity.length - 1; i > 0; i--) {
  const j = r.int(0, i);
  [byPopularity[i], byPopularity[j]] = [byPopularity[j] as number, byPopularity[i] as number];
}
const popular = () => byPopularity[Math.floor(r.next() ** 1.6 * byPopularity.length)] as number;

const following = new Map<number, Set<number>>(members.map((m) => [m.id, new Set()]));
for (const row of rows("SELECT follower_id, following_id FROM follows")) {
  following.get(Number(row[0]))?.add(Number(row[1]));
}
const now = Date.now();
const follows = bulk.sink("INSERT INTO follows (follower_id, following_id, created_at)", 3);
let followTotal = 0;
for (const { id } of members) {
  const set = following.get(id) as Set<number>;
  while (set.size < FOLLOWS) {
    const other = popular();
    if (other === id || set.has(other)) continue;
    set.add(other);
    follows.add([id, other, now - r.int(1, 365) * DAY]);
  }
  followTotal += set.size;
  set.clear(); // at 100,000 members the sets are 5,000,000 entries: let them go
}
follows.end();

// Verified check-ins without a card yet, read per author when they first post a card (at
// 5,000,000 check-ins a map of all of them would not fit comfortably); each is used once.
const uncarded = bulk.db.prepare(
  `SELECT id FROM checkins c WHERE user_id = ? AND verified = 1
   AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.checkin_id = c.id) ORDER BY id`,
);
const checkinsOf = new Map<number, number[]>();
const nextCheckin = (author: number) => {
  let list = checkinsOf.get(author);
  if (!list) {
    list = (uncarded.values(author) as [number][]).map((row) => Number(row[0]));
    checkinsOf.set(author, list);
  }
  return list.pop();
};

const firstPostId = Number(rows("SELECT coalesce(max(id), 0) + 1 FROM posts")[0]?.[0]);
const posts = bulk.sink(
  "INSERT INTO posts (id, user_id, kind, content, visibility, checkin_id, created_at)",
  7,
);
const photos = bulk.sink("INSERT INTO post_photos (id, user_id, post_id, position, created_at)", 5);
const likes = bulk.sink("INSERT INTO post_likes (post_id, user_id, created_at)", 3);
let cards = 0;
for (let i = 0; i < POSTS; i++) {
  const id = firstPostId + i;
  const author = popular();
  const at = now - 365 * DAY + Math.floor(((i + r.next()) * 365 * DAY) / POSTS);
  const roll = r.next();
  const visibility = roll < 0.7 ? "Public" : roll < 0.9 ? "Friends" : "Private";
  const checkin = r.chance(1 / 6) ? nextCheckin(author) : undefined;
  if (checkin !== undefined) {
    cards++;
    posts.add([id, author, "checkin", "", "Public", checkin, at]);
  } else {
    const gym = r.pick(gyms);
    const partner = r.pick(members).username;
    const text = postText(r, { gym: gym.gym, city: gym.city, partner });
    posts.add([id, author, "post", text, visibility, null, at]);
    if (r.chance(1 / 8)) {
      const count = r.int(1, 4);
      for (let p = 0; p < count; p++) photos.add([photoId(), author, id, p, at]);
    }
  }
  const likers = new Set<number>();
  for (let n = Math.floor(r.next() ** 3 * 8); likers.size < n; ) likers.add(r.pick(members).id);
  likers.delete(author);
  for (const liker of likers) likes.add([id, liker, at + r.int(1, 48) * 3_600_000]);
}
const postCountWritten = posts.end();
const photoCount = photos.end();
const likeCount = likes.end();
bulk.close();

console.log(
  JSON.stringify({
    members: members.length,
    posts: postCountWritten,
    checkinCards: cards,
    photos: photoCount,
    likes: likeCount,
    follows: followTotal,
    ...(signedIn ? await signInSpread(file, Number(signedIn)) : {}),
  }),
);
