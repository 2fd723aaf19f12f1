import type { Db } from "../../../db/client";
import type { Storage } from "../../storage";
import { deleteUserPostPhotos } from "../posts/service";
import * as q from "./queries";
import { removeDemoRatings } from "./ratings";

export interface RemovedCommunity {
  members: number;
  posts: number;
  photos: number;
  likes: number;
  follows: number;
  checkins: number;
  ratings: number;
}

/** The demo members still in the database: listed at seeding and on the reserved domain. */
export async function demoMemberIdsOf(db: Db): Promise<number[]> {
  const listed = await q.readMeta(db, q.MEMBERS_KEY);
  return q.demoMemberIds(db, listed ? (JSON.parse(listed) as number[]) : []);
}

/**
 * `openmat demo --remove`: the demo members with everything of theirs. Photo files go
 * first (through the posts feature, which knows where they are), then the members, whose
 * posts, photo rows, likes (given and received), follows (both ways, real members' too),
 * check-ins, badges and sessions go by cascade. Their ratings go first, each member's with
 * their schools' ratings made again without them (ratings.ts). The seeded mark stays, so they do not
 * come back at the next start. Null when there were none.
 */
export async function removeDemoCommunity(deps: {
  db: Db;
  storage: Storage;
}): Promise<RemovedCommunity | null> {
  const { db, storage } = deps;
  const ids = await demoMemberIdsOf(db);
  if (!ids.length) {
    await q.deleteMeta(db, q.MEMBERS_KEY);
    return null;
  }
  const counts = await q.contentCounts(db, ids);
  for (const id of ids) await deleteUserPostPhotos(db, storage, id);
  const ratings = await removeDemoRatings(db, ids);
  await q.deleteMembers(db, ids);
  await q.deleteMeta(db, q.MEMBERS_KEY);
  return { members: ids.length, ...counts, ratings };
}
