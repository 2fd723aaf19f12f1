import { type SQL, sql } from "drizzle-orm";
import { checkinCardText, type PostView } from "../../../common/schemas/posts";
import { can } from "../../policy/access";
import { visiblePostsWhere } from "../../policy/post-visibility";
import type { MemberSubject, PostSubject } from "../../policy/rules";
import type { PolicyViewer } from "../../policy/viewer";
import { postPhotoPath } from "./photos";
import type * as q from "./queries";
import { type UserPostJsonRow, userPostsJson } from "./queries";

export type Likes = Map<number, { likeCount: number; liked: number }>;

/** What a view is built from, whichever query read it. */
export type ViewSource = Pick<
  q.PostRow,
  | "id"
  | "kind"
  | "content"
  | "visibility"
  | "createdAt"
  | "userId"
  | "username"
  | "profilePhoto"
  | "checkinId"
> & { school: { id: number; gym: string; city: string; slug: string } | null };

export function toView(
  row: ViewSource,
  viewer: PolicyViewer,
  subject: PostSubject,
  photos: string[],
  likes: Likes,
) {
  const like = likes.get(row.id);
  const view: PostView = {
    id: row.id,
    kind: row.kind,
    content: row.content,
    photos,
    visibility: row.visibility,
    createdAt: row.createdAt.toISOString(),
    likeCount: Number(like?.likeCount ?? 0),
    isLikedByCurrentUser: Number(like?.liked ?? 0) === 1,
    user: { id: row.userId, username: row.username, profilePhoto: row.profilePhoto },
    checkin: null,
  };
  if (row.kind === "checkin") {
    // Built when read, so turning showCheckInGymNames off hides the gym on every card at once.
    const school = row.school && can(viewer, "checkins.gymNames.read", subject) ? row.school : null;
    view.content = checkinCardText(row.username, school);
    view.checkin = { id: row.checkinId ?? 0, school };
  }
  return view;
}

/**
 * postsOfUser's first page as an SQL value, for a page's one statement: the posts of `user`
 * the viewer (`me`) may read by the policy's own SQL, which the relation's lookups feed
 * (one author: SQLite answers them once). Built for a kind of viewer, bound per request.
 */
export function userPostsSql(kind: PolicyViewer["kind"], me: SQL, user: SQL, limit: SQL): SQL {
  const probe: PolicyViewer = kind === "guest" ? { kind } : { kind, id: 0 };
  const visible = visiblePostsWhere(
    probe,
    { author: sql`p.user_id`, visibility: sql`p.visibility` },
    undefined,
    {
      self: sql`(${user} = ${me})`,
      follows: sql`EXISTS (SELECT 1 FROM follows WHERE follower_id = ${me} AND following_id = ${user})`,
      followedBy: sql`EXISTS (SELECT 1 FROM follows WHERE follower_id = ${user} AND following_id = ${me})`,
      blocked: sql`(EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${me} AND blocked_id = ${user})
      OR EXISTS (SELECT 1 FROM blocks WHERE blocker_id = ${user} AND blocked_id = ${me}))`,
    },
  );
  return userPostsJson(visible, me, user, limit);
}

/**
 * The views of userPostsSql's value as postsOfUser answers them; `member` is the author as
 * the policy sees them (relation and flags), and every post still passes `can()`.
 */
export function userPostViewsFromJson(
  json: unknown,
  viewer: PolicyViewer,
  author: { id: number; username: string; profilePhoto: string | null },
  member: MemberSubject,
): PostView[] {
  const views: PostView[] = [];
  for (const [id, content, visibility, at, likeCount, liked, photoIds] of JSON.parse(
    String(json ?? "[]"),
  ) as UserPostJsonRow[]) {
    const subject = { ...member, visibility };
    if (!can(viewer, "post.read", subject)) continue;
    const row = {
      id,
      kind: "post" as const,
      content,
      visibility,
      createdAt: new Date(at),
      userId: author.id,
      username: author.username,
      profilePhoto: author.profilePhoto,
      checkinId: null,
      school: null,
    };
    const photos = photoIds ? photoIds.split(",").map(postPhotoPath) : [];
    views.push(toView(row, viewer, subject, photos, new Map([[id, { likeCount, liked }]])));
  }
  return views;
}
