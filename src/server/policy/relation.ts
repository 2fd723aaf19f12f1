import type { Db } from "../../db/client";
import { type PolicyViewer, viewerId } from "./viewer";

/**
 * How a viewer stands to the owner of a thing. `follows`: the viewer follows the owner;
 * `followedBy`: the owner follows the viewer (the spec's "friends" are the people a member
 * follows); `blocked`: either one blocked the other.
 */
export interface Relation {
  self: boolean;
  follows: boolean;
  followedBy: boolean;
  blocked: boolean;
}

export const STRANGER: Relation = { self: false, follows: false, followedBy: false, blocked: false };
export const SELF: Relation = { ...STRANGER, self: true };

const owners = "(SELECT value FROM json_each(?2))";
const RELATIONS_SQL = `
  SELECT following_id AS other, 'follows' AS kind FROM follows WHERE follower_id = ?1 AND following_id IN ${owners}
  UNION ALL
  SELECT follower_id, 'followedBy' FROM follows WHERE following_id = ?1 AND follower_id IN ${owners}
  UNION ALL
  SELECT blocked_id, 'blocked' FROM blocks WHERE blocker_id = ?1 AND blocked_id IN ${owners}
  UNION ALL
  SELECT blocker_id, 'blocked' FROM blocks WHERE blocked_id = ?1 AND blocker_id IN ${owners}`;

/** The viewer's relation to each owner, in one query however many owners there are. */
export async function relationsTo(
  db: Db,
  viewer: PolicyViewer,
  ownerIds: readonly number[],
): Promise<Map<number, Relation>> {
  const me = viewerId(viewer);
  const out = new Map<number, Relation>();
  const others = [...new Set(ownerIds)].filter((id) => id !== me);
  for (const id of ownerIds) out.set(id, id === me ? SELF : STRANGER);
  if (me === null || others.length === 0) return out;
  // One statement text for any viewer and any number of owners (the ids travel as one JSON
  // parameter), so it is prepared once per connection, not built and prepared per request.
  const result = await db.$client.execute({ sql: RELATIONS_SQL, args: [me, JSON.stringify(others)] });
  const rows = result.rows as unknown as { other: number; kind: "follows" | "followedBy" | "blocked" }[];
  for (const row of rows) {
    const other = Number(row.other);
    out.set(other, { ...(out.get(other) ?? STRANGER), [row.kind]: true });
  }
  return out;
}

export async function relationTo(db: Db, viewer: PolicyViewer, ownerId: number): Promise<Relation> {
  return (await relationsTo(db, viewer, [ownerId])).get(ownerId) ?? STRANGER;
}
