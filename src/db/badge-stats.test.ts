import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase } from "./client";
import { migrate } from "./migrate";

// Migration 0031's triggers keep member_badge_stats. Whatever writes the check-ins and the
// schools, a member's row, when there is one, must hold what counting their verified
// check-ins gives (as badges/queries.ts badgeMetrics counts them), and a verified check-in
// always leaves one.

let dir: string;
let database: Database;
const MEMBERS = 4;
const SCHOOLS = 8;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "openmat-badge-stats-"));
  database = await openDatabase(`file:${join(dir, "db.sqlite")}`);
  await migrate(database.client);
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (sql: string, args: (string | number)[] = []) => database.client.execute({ sql, args });

/** Gym names and states that share letters and states, with case and spaces that must fold. */
const GYMS = ["Alpha BJJ", " alpine Grappling", "Bravo", "9th Street", "charlie", "Delta MMA"];
const STATES = ["TX", "tx ", " CA", "NY", "ca", "Texas"];

async function addSchool(i: number) {
  const gym = GYMS[i % GYMS.length] ?? "Gym";
  const state = STATES[i % STATES.length] ?? "TX";
  const r = await run(
    `INSERT INTO schools (slug, source_key, gym, location, address, city, state, latitude, longitude,
      time_zone, day_and_time, created_at, updated_at)
     VALUES (?, ?, ?, '', '', 'Austin', ?, 30, -97, 'America/Chicago', '', 0, 0)`,
    [`school-${i}-${Math.random()}`, `key-${i}-${Math.random()}`, gym, state],
  );
  return Number(r.lastInsertRowid);
}

async function counted(userId: number) {
  const r = await run(
    `SELECT count(*), count(DISTINCT c.school_id), count(DISTINCT upper(trim(s.state))),
      count(DISTINCT CASE WHEN upper(substr(ltrim(s.gym), 1, 1)) BETWEEN 'A' AND 'Z'
        THEN upper(substr(ltrim(s.gym), 1, 1)) END)
     FROM checkins c JOIN schools s ON s.id = c.school_id WHERE c.user_id = ? AND c.verified = 1`,
    [userId],
  );
  return Array.from(r.rows[0] ?? [], Number);
}

async function kept(userId: number) {
  const r = await run("SELECT total, gyms, states, letters FROM member_badge_stats WHERE user_id = ?", [
    userId,
  ]);
  return r.rows[0] ? Array.from(r.rows[0], Number) : null;
}

/** A small deterministic generator, so a failing walk can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

describe("member_badge_stats", () => {
  it("a first verified check-in counts the member's row in full; unverified ones leave none", async () => {
    const u = await run(
      "INSERT INTO users (email, username, password_hash, created_at) VALUES ('a@x.io', 'a', 'x', 0)",
    );
    const userId = Number(u.lastInsertRowid);
    const [s1, s2] = [await addSchool(0), await addSchool(1)];
    await run(
      "INSERT INTO checkins (user_id, school_id, checked_in_at, local_date, verified) VALUES (?, ?, 0, 'd1', 0)",
      [userId, s1],
    );
    expect(await kept(userId)).toBeNull();
    await run(
      "INSERT INTO checkins (user_id, school_id, checked_in_at, local_date, verified) VALUES (?, ?, 0, 'd2', 1)",
      [userId, s2],
    );
    // 'Alpha BJJ' in TX and ' alpine Grappling' in 'tx ': one state, one letter, two gyms once verified.
    expect(await kept(userId)).toEqual([1, 1, 1, 1]);
    await run("UPDATE checkins SET verified = 1 WHERE user_id = ? AND verified = 0", [userId]);
    expect(await kept(userId)).toEqual([2, 2, 1, 1]);
    expect(await kept(userId)).toEqual(await counted(userId));
  });

  it("matches the count after any mix of writes: check-ins, verifying, deleting, moving, school edits", async () => {
    const members: number[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const r = await run(
        "INSERT INTO users (email, username, password_hash, created_at) VALUES (?, ?, 'x', 0)",
        [`walk${i}@x.io`, `walk${i}`],
      );
      members.push(Number(r.lastInsertRowid));
    }
    const schools: number[] = [];
    for (let i = 0; i < SCHOOLS; i++) schools.push(await addSchool(i));
    const pick = random(20261129);
    const one = <T>(list: T[]) => list[pick(list.length)] as T;
    const ops: string[] = [];
    for (let step = 0; step < 400; step++) {
      const op = pick(100);
      const userId = one(members);
      if (op < 45) {
        ops.push("insert");
        const verified = pick(3) === 0 ? 0 : 1;
        const r = await run(
          `INSERT OR IGNORE INTO checkins (user_id, school_id, checked_in_at, local_date, verified)
           VALUES (?, ?, 0, ?, ?)`,
          [userId, one(schools), `day-${pick(6)}`, verified],
        );
        if (verified && r.rowsAffected === 1) expect(await kept(userId)).not.toBeNull();
      } else if (op < 60) {
        ops.push("verify");
        const r = await run(
          "UPDATE checkins SET verified = 1 WHERE id = (SELECT id FROM checkins WHERE user_id = ? AND verified = 0 LIMIT 1)",
          [userId],
        );
        if (r.rowsAffected === 1) expect(await kept(userId)).not.toBeNull();
      } else if (op < 72) {
        ops.push("delete");
        await run(
          "DELETE FROM checkins WHERE id = (SELECT id FROM checkins WHERE user_id = ? ORDER BY random() LIMIT 1)",
          [userId],
        );
      } else if (op < 78) {
        ops.push("unverify or move");
        await run(
          "UPDATE OR IGNORE checkins SET verified = ?, school_id = ? WHERE id = (SELECT id FROM checkins WHERE user_id = ? LIMIT 1)",
          [pick(2), one(schools), userId],
        );
      } else if (op < 90) {
        ops.push("edit school");
        await run("UPDATE schools SET gym = ?, state = ? WHERE id = ?", [
          one(GYMS),
          one(STATES),
          one(schools),
        ]);
      } else if (op < 94) {
        ops.push("delete school");
        const gone = schools.splice(pick(schools.length), 1)[0] ?? 0;
        await run("DELETE FROM schools WHERE id = ?", [gone]);
        schools.push(await addSchool(pick(GYMS.length)));
      } else {
        ops.push("edit school, same letter and state");
        await run("UPDATE schools SET gym = gym || ' x', state = lower(state) WHERE id = ?", [one(schools)]);
      }
      for (const member of members) {
        const row = await kept(member);
        if (row)
          expect({ step, op: ops.at(-1), member, row }).toEqual({
            step,
            op: ops.at(-1),
            member,
            row: await counted(member),
          });
      }
    }
    // The walk reached every kind of write, and rows were dropped and counted afresh.
    expect(new Set(ops).size).toBe(7);
    const withRows = await run("SELECT count(*) FROM member_badge_stats");
    expect(Number(withRows.rows[0]?.[0])).toBeGreaterThan(0);
  });

  it("a member's row goes with the member", async () => {
    const u = await run(
      "INSERT INTO users (email, username, password_hash, created_at) VALUES ('gone@x.io', 'gone', 'x', 0)",
    );
    const userId = Number(u.lastInsertRowid);
    await run(
      "INSERT INTO checkins (user_id, school_id, checked_in_at, local_date, verified) VALUES (?, ?, 0, 'd', 1)",
      [userId, await addSchool(2)],
    );
    expect(await kept(userId)).not.toBeNull();
    await run("DELETE FROM users WHERE id = ?", [userId]);
    expect(await kept(userId)).toBeNull();
  });
});
