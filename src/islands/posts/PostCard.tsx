import { useId } from "react";
import type { PostView } from "../../common/schemas/posts";
import { ReportButton } from "../reports/ReportDialog";
import { Avatar } from "../users/Avatar";
import { profileHref } from "../users/links";
import { DeletePostButton } from "./DeletePostButton";
import { LikeButton } from "./LikeButton";
import { PostPhotos } from "./PostPhotos";
import { PostTime } from "./PostTime";

/**
 * One post (spec §2, §3): avatar, @username to the profile, date and time, a tag for
 * Private and Friends (Public has none), the text, the photos, Like, and Delete for the author
 * (Report for everyone else).
 * A check-in is an activity card whose gym links to the school page.
 */
export function PostCard({
  post,
  viewerId,
  highlighted = false,
  onDeleted,
}: {
  post: PostView;
  viewerId: number;
  highlighted?: boolean;
  onDeleted?(): void;
}) {
  const id = useId();
  const { user } = post;
  const activity = post.kind === "checkin";
  const classes = ["card", "post-card", activity && "post-activity", highlighted && "post-highlight"];
  return (
    <article
      id={`post-${post.id}`}
      // Focusable so a linked post (?postId=) can take focus when it is scrolled to.
      tabIndex={-1}
      className={classes.filter(Boolean).join(" ")}
      aria-labelledby={`${id}-author ${id}-time`}
      data-post-id={post.id}
    >
      <header className="post-head">
        <Avatar username={user.username} photo={user.profilePhoto} size={40} />
        <div className="post-byline">
          <a id={`${id}-author`} className="post-author" href={profileHref(user.id)}>
            @{user.username}
          </a>
          <p className="post-meta">
            <PostTime iso={post.createdAt} id={`${id}-time`} />
            {post.visibility !== "Public" && <span className="tag tag-private">{post.visibility}</span>}
          </p>
        </div>
      </header>
      {activity ? <ActivityText post={post} /> : <p className="post-content">{post.content}</p>}
      <PostPhotos photos={post.photos} username={user.username} />
      <footer className="post-actions">
        <LikeButton post={post} />
        {user.id === viewerId ? (
          <DeletePostButton postId={post.id} onDeleted={onDeleted} />
        ) : (
          <ReportButton kind="post" id={post.id} label="Report post" />
        )}
      </footer>
    </article>
  );
}

/** '@ana checked in at Gracie Barra, Austin', the gym's name linking to its page when shown. */
function ActivityText({ post }: { post: PostView }) {
  const school = post.checkin?.school;
  const at = school ? post.content.indexOf(school.gym) : -1;
  return (
    <p className="post-content post-activity-text">
      <span className="post-activity-mark" aria-hidden="true">
        ✔
      </span>{" "}
      {school && at >= 0 ? (
        <>
          {post.content.slice(0, at)}
          <a href={`/schools/${school.slug}`}>{school.gym}</a>
          {post.content.slice(at + school.gym.length)}
        </>
      ) : (
        <>
          {post.content}
          {school && (
            <>
              {" "}
              <a href={`/schools/${school.slug}`}>{school.gym}</a>
            </>
          )}
        </>
      )}
    </p>
  );
}
