import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type PostVisibility, postVisibilities } from "../../common/schemas/posts";
import { type PrivacySettings, privacyFlags } from "../../common/schemas/settings";
import { posts } from "../../db/schema";
import { can } from "./access";
import { type Relation, SELF, STRANGER } from "./relation";
import type { PostSubject } from "./rules";
import { GUEST, type PolicyViewer, viewerId } from "./viewer";

/**
 * The "post.read" rule as a SQL condition, so a feed page can be filtered by the database
 * (a page of 10 must not shrink after the fact). It is not written by hand: for each
 * viewer kind and visibility the rule itself is asked about every relation, and the
 * answers are matched to one of the audiences below, each of which SQL can test per row.
 * A rule change SQL cannot express throws here, at the first feed, instead of leaking.
 * Services still run every row through `can()`; post-visibility.test.ts proves the two agree.
 */

/** Who, other than the author, reads a post; `follows` means the viewer follows the author. */
export const audiences = {
  nobody: () => false,
  follows: (r: Relation) => r.follows,
  followedBy: (r: Relation) => r.followedBy,
  mutual: (r: Relation) => r.follows && r.followedBy,
  either: (r: Relation) => r.follows || r.followedBy,
  anyone: () => true,
} satisfies Record<string, (r: Relation) => boolean>;
export type Audience = keyof typeof audiences;

export interface VisibilityShape {
  /** The author reads their own post. */
  self: boolean;
  audience: Audience;
}
export type VisibilityShapes = Record<PostVisibility, VisibilityShape>;
export type PostReadRule = (viewer: PolicyViewer, subject: PostSubject) => boolean;

/** The relations a non-author can stand in (a block removes the follows, so it has none). */
const probes: Relation[] = [
  { ...STRANGER, follows: true },
  { ...STRANGER, followedBy: true },
  { ...STRANGER, follows: true, followedBy: true },
  STRANGER,
];
const BLOCKED: Relation = { ...STRANGER, blocked: true };
const allFlags = (on: boolean) => Object.fromEntries(privacyFlags.map((f) => [f, on])) as PrivacySettings;

function derive(rule: PostReadRule, viewer: PolicyViewer, visibility: PostVisibility): VisibilityShape {
  const answers = [true, false].map((on) => {
    const reads = (relation: Relation) => rule(viewer, { relation, settings: allFlags(on), visibility });
    if (reads(BLOCKED)) throw new Error(`post.read lets a blocked member read a ${visibility} post`);
    const pattern = probes.map(reads).join();
    const audience = (Object.keys(audiences) as Audience[]).find(
      (a) => probes.map(audiences[a]).join() === pattern,
    );
    if (!audience) throw new Error(`post.read for ${visibility} has no SQL audience (${pattern})`);
    return { self: viewer.kind !== "guest" && reads(SELF), audience };
  });
  const [on, off] = answers;
  if (!on || !off || on.self !== off.self || on.audience !== off.audience)
    throw new Error("post.read depends on a privacy flag; post-visibility.ts cannot express that");
  return on;
}

/** A rule's shape for this kind of viewer, per visibility (the rule does not read the id). */
export function deriveShapes(
  viewer: PolicyViewer,
  rule: PostReadRule = (v, s) => can(v, "post.read", s),
): VisibilityShapes {
  const probe: PolicyViewer = viewer.kind === "guest" ? GUEST : { kind: viewer.kind, id: 0 };
  return Object.fromEntries(postVisibilities.map((v) => [v, derive(rule, probe, v)])) as VisibilityShapes;
}

const shapes = new Map<PolicyViewer["kind"], VisibilityShapes>();

/** The policy's shape for this kind of viewer, derived once per kind. */
export function visibilityShapes(viewer: PolicyViewer): VisibilityShapes {
  let found = shapes.get(viewer.kind);
  if (!found) {
    found = deriveShapes(viewer);
    shapes.set(viewer.kind, found);
  }
  return found;
}

interface PostColumns {
  author: SQLiteColumn | SQL;
  visibility: SQLiteColumn | SQL;
}

/** How the viewer stands to a row's author, as SQL over that row (1 or 0 each). */
export interface RelationSql {
  self: SQL;
  follows: SQL;
  followedBy: SQL;
  blocked: SQL;
}

/** The relation looked up per row through the follows and blocks primary keys. */
function relationLookups(me: number | SQL | null, author: SQLiteColumn | SQL): RelationSql {
  const no = sql`0`;
  if (me === null) return { self: no, follows: no, followedBy: no, blocked: no };
  return {
    self: sql`(${author} = ${me})`,
    follows: sql`EXISTS (SELECT 1 FROM follows WHERE follower_id = ${me} AND following_id = ${author})`,
    followedBy: sql`EXISTS (SELECT 1 FROM follows WHERE follower_id = ${author} AND following_id = ${me})`,
    blocked: sql`(EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${me} AND blocked_id = ${author})
          OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${author} AND blocked_id = ${me}))`,
  };
}

/**
 * Rows of `posts` (or the given columns) the viewer may read, as relationsTo would judge
 * each author: by default follows and blocks are looked up per row through their primary
 * keys; a caller that already knows each author's relation (the feed's authors) passes it.
 */
export function visiblePostsWhere(
  viewer: PolicyViewer,
  columns: PostColumns = { author: posts.userId, visibility: posts.visibility },
  shape: VisibilityShapes = visibilityShapes(viewer),
  relation: RelationSql = relationLookups(viewerId(viewer), columns.author),
): SQL {
  const { visibility } = columns;
  const no = sql`0`;
  const yes = sql`1`;
  const { self, follows, followedBy, blocked } = relation;
  const audienceSql: Record<Audience, SQL> = {
    nobody: no,
    follows,
    followedBy,
    mutual: sql`(${follows} AND ${followedBy})`,
    either: sql`(${follows} OR ${followedBy})`,
    anyone: yes,
  };
  const branch = ({ self: authorReads, audience }: VisibilityShape) => {
    if (audience === "nobody") return authorReads ? self : no;
    const others = sql`NOT ${blocked} AND ${audienceSql[audience]}`;
    return authorReads ? sql`(${self} OR (${others}))` : sql`(NOT ${self} AND ${others})`;
  };
  const cases = postVisibilities.map((v) => sql`WHEN ${v} THEN ${branch(shape[v])}`);
  return sql`(CASE ${visibility} ${sql.join(cases, sql` `)} ELSE 0 END)`;
}
