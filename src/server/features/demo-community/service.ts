import type { Db } from "../../../db/client";
import * as q from "./queries";
import { demoMemberIdsOf } from "./remove";

export { type RemovedCommunity, removeDemoCommunity } from "./remove";
export type { DemoCommunityDeps, DemoCommunitySummary } from "./seed";
export { seedDemoCommunityOnce } from "./seed";

/**
 * Demo members a newcomer could follow, most followed first, leaving out anyone the
 * viewer already follows. A new member's feed holds only the people they follow, so the
 * feed's empty state can offer these; empty when there is no demo community.
 */
export async function demoMembersToFollow(db: Db, viewerId: number, limit = 5) {
  const ids = await demoMemberIdsOf(db);
  if (!ids.length) return [];
  return q.mostFollowed(db, ids, viewerId, limit);
}
