// Adds N generated members to a bench database, for the member benchmarks:
// bun bench/seed-members.ts FILE N PASSWORD [TERM]
// Every member's password is PASSWORD (one argon2id hash, reused). The rows go in directly,
// through bench/lib/bulk-insert.ts (one transaction, prepared multi-row INSERTs): users with handle-like usernames, some profile
// fields and user_settings rows with flags on, about 5 follows each, and a few saved gyms
// for the profiled member. Prints JSON: who signs in, whose profile is loaded and a search
// term that matches about SEARCH_TARGET members.
import { openDatabase } from "../src/db/client";
import { migrate } from "../src/db/migrate";
import { openBulk } from "./lib/bulk-insert";

// TERM (optional): the search term to report instead of the one matching about SEARCH_TARGET,
// so a larger size (BENCH_SCALE=10) searches what the 1x size does.
const [file, count, password, term] = process.argv.slice(2);
if (!file || !count || !password) throw new Error("usage: bun bench/seed-members.ts FILE N PASSWORD [TERM]");
const MEMBERS = Number(count);
if (!(MEMBERS >= 2)) throw new Error(`at least 2 members, got "${count}"`);
const SEARCH_TARGET = 50;
const FOLLOWS_PER_MEMBER_MAX = 10; // 0 to 10 each, about 5 on average
const VIEWER_FOLLOWS = 150;
const SAVED_GYMS = 12;

// A fixed seed: every run generates the same members and so the same search term.
let state = 0x9e3779b9;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
/** Early words are common and late ones rare, as with real handles, so some term matches ~50. */
const pickSkewed = <T>(list: readonly T[]): T => list[Math.floor(random() ** 3 * list.length)] as T;

const FIRST = [
  "alex",
  "amber",
  "andre",
  "ash",
  "bear",
  "ben",
  "blue",
  "bruno",
  "carla",
  "chris",
  "coach",
  "dani",
  "dave",
  "diego",
  "drew",
  "ella",
  "emma",
  "evan",
  "felipe",
  "gabe",
  "gio",
  "grace",
  "hana",
  "iron",
  "jack",
  "jade",
  "jay",
  "jiu",
  "jojo",
  "kai",
  "kat",
  "kenji",
  "leo",
  "lina",
  "lucas",
  "luna",
  "mari",
  "max",
  "mia",
  "mike",
  "nate",
  "nina",
  "noah",
  "olive",
  "omar",
  "pablo",
  "quinn",
  "rafa",
  "ray",
  "rico",
  "rosa",
  "ryan",
  "sam",
  "sara",
  "silent",
  "sofia",
  "steve",
  "tara",
  "theo",
  "tina",
  "tom",
  "vic",
  "wes",
  "yuki",
  "zane",
  "zoe",
];
const SECOND = [
  "armbar",
  "triangle",
  "kimura",
  "omoplata",
  "guard",
  "sweep",
  "mount",
  "backtake",
  "choke",
  "grip",
  "shrimp",
  "hook",
  "lasso",
  "spider",
  "butterfly",
  "deluxe",
  "wrestler",
  "judoka",
  "rolls",
  "mat",
  "gi",
  "nogi",
  "grappler",
  "flow",
  "tap",
  "berimbolo",
  "heelhook",
  "pressure",
  "passer",
  "scramble",
  "bjj",
  "fighter",
  "bolt",
  "fox",
  "wolf",
  "tiger",
  "otter",
  "panda",
  "crab",
  "octopus",
  "snake",
  "sloth",
  "atx",
  "nyc",
  "sd",
  "pdx",
  "chi",
  "den",
  "mia",
  "sea",
  "la",
  "boston",
  "texas",
];
const SEPARATORS = ["", "_", ".", "-", "_"];
const BELTS = ["White", "Blue", "Purple", "Brown", "Black"];
const CITIES = ["Austin, TX", "San Diego, CA", "Brooklyn, NY", "Portland, OR", "Denver, CO", "Chicago, IL"];
const GYMS = ["Gracie Barra", "10th Planet", "Alliance", "Atos", "Checkmat", "Renzo Gracie Academy"];
const ABOUT = [
  "Hobbyist, three times a week.",
  "Competitor. Always looking for rolls when travelling.",
  "Old guard player, new knees.",
  "Open mats on weekends, mostly no-gi.",
];

/** A handle like "rafa_kimura", "ZoeTriangle88" or "leo.wolf-2009", unique case-insensitively. */
function handle(taken: Set<string>): string {
  for (;;) {
    let first = pickSkewed(FIRST);
    let second = pickSkewed(SECOND);
    const style = random();
    if (style < 0.15) {
      first = first[0]?.toUpperCase() + first.slice(1);
      second = second[0]?.toUpperCase() + second.slice(1);
    }
    const r = random();
    const suffix =
      r < 0.45
        ? ""
        : r < 0.8
          ? String(1 + Math.floor(random() * 99))
          : String(1975 + Math.floor(random() * 35));
    const name =
      style < 0.9
        ? `${first}${pick(SEPARATORS)}${second}${suffix}`
        : `${second}${pick(SEPARATORS)}${first}${suffix}`;
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

/**
 * The term a member would type: the start of a word in the lists, 3 to 6 letters, matched
 * anywhere in a username (the search is a substring search), whose count of matching
 * members is closest to `target`.
 */
function searchTerm(names: readonly string[], target: number) {
  const candidates = new Set<string>();
  for (const word of [...FIRST, ...SECOND]) {
    for (let length = 3; length <= Math.min(6, word.length); length++) candidates.add(word.slice(0, length));
  }
  let best = { q: "", matches: Number.POSITIVE_INFINITY };
  const lower = names.map((n) => n.toLowerCase());
  for (const q of [...candidates].sort()) {
    const matches = lower.filter((n) => n.includes(q)).length;
    if (Math.abs(matches - target) < Math.abs(best.matches - target)) best = { q, matches };
  }
  return best;
}

const database = await openDatabase(`file:${file}`);
await migrate(database.client);
await database.close();
const bulk = openBulk(file);
const firstId = Number(bulk.db.query("SELECT coalesce(max(id), 0) + 1 FROM users").values()[0]?.[0]);
const passwordHash = await Bun.password.hash(password, { algorithm: "argon2id" });
const now = Date.now();

const taken = new Set<string>(
  bulk.db
    .query("SELECT lower(username) FROM users")
    .values()
    .map((r) => String(r[0])),
);
const names = Array.from({ length: MEMBERS }, () => handle(taken));
const ids = names.map((_, i) => firstId + i);
const viewer = { id: ids[0] as number, username: names[0] as string };
const owner = { id: ids[MEMBERS - 1] as number, username: names[MEMBERS - 1] as string };
const subjectIndex = Math.floor(MEMBERS / 2);
const subject = { id: ids[subjectIndex] as number, username: names[subjectIndex] as string };

// About a third fill in their profile; a fifth of everyone has a settings row, sharing it.
const hasProfile = (i: number) => i === subjectIndex || i % 3 === 0;
const hasSettings = (i: number) => i === subjectIndex || i % 5 === 0;
bulk.insert(
  "INSERT INTO users (id, username, email, password_hash, belt_level, about_me, city, home_gym, email_verified_at, created_at)",
  10,
  names.map((name, i) => {
    const createdAt = now - Math.floor(random() * 3 * 365 * 86_400_000);
    const profile = hasProfile(i);
    return [
      ids[i] as number,
      name,
      `${name.toLowerCase()}@example.com`,
      passwordHash,
      profile ? pick(BELTS) : null,
      profile ? pick(ABOUT) : null,
      profile ? pick(CITIES) : null,
      profile ? pick(GYMS) : null,
      random() < 0.9 ? createdAt : null,
      createdAt,
    ];
  }),
);
const settingsRows = ids.filter((_, i) => hasSettings(i)).map((id) => [id, 1, 1, 1, 1, 1, 1, 1, 1]);
bulk.insert(
  "INSERT INTO user_settings (user_id, show_belt_level, show_about_me, show_city, show_home_gym, show_badge_count, show_check_in_gym_names, show_saved_gym_names, share_badge_progress_public)",
  9,
  settingsRows,
);

const follows = bulk.sink("INSERT INTO follows (follower_id, following_id, created_at)", 3);
const addFollows = (followerIndex: number, how: number, also: number[] = []) => {
  const following = new Set(also);
  while (following.size < how + also.length) {
    const other = Math.floor(random() * MEMBERS);
    if (other !== followerIndex) following.add(other);
  }
  for (const other of following) {
    follows.add([
      ids[followerIndex] as number,
      ids[other] as number,
      now - Math.floor(random() * 86_400_000 * 365),
    ]);
  }
};
// The viewer follows the profiled member, among others.
addFollows(0, Math.min(VIEWER_FOLLOWS, MEMBERS - 2), [subjectIndex]);
for (let i = 1; i < MEMBERS; i++)
  addFollows(i, Math.min(Math.floor(random() * (FOLLOWS_PER_MEMBER_MAX + 1)), MEMBERS - 1));
const followCount = follows.end();

const schoolIds = bulk.db
  .query(`SELECT id FROM schools ORDER BY id LIMIT ${SAVED_GYMS}`)
  .values()
  .map((r) => Number(r[0]));
const savedGyms = bulk.insert(
  "INSERT INTO favorites (user_id, school_id, created_at)",
  3,
  schoolIds.map((schoolId, i) => [subject.id, schoolId, now - i * 86_400_000]),
);
// The last member keeps the first school's listing (issue 25's manage page row).
bulk.insert("INSERT INTO school_owners (school_id, user_id, claim_id, created_at)", 4, [
  [schoolIds[0] as number, owner.id, null, now],
]);
bulk.close();

console.log(
  JSON.stringify({
    members: MEMBERS,
    follows: followCount,
    settingsRows: settingsRows.length,
    viewer,
    subject: { ...subject, savedGyms },
    owner: { ...owner, schoolId: Number(schoolIds[0]) },
    search: term
      ? { q: term, matches: names.filter((n) => n.toLowerCase().includes(term)).length }
      : searchTerm(names, SEARCH_TARGET),
  }),
);
