import type { PostView } from "../../common/schemas/posts";
import { useLikePost } from "./queries/posts";

/** 'Like' as a toggle (aria-pressed), with the count beside it; optimistic (queries/posts.ts). */
export function LikeButton({ post }: { post: PostView }) {
  const like = useLikePost();
  const liked = post.isLikedByCurrentUser;
  const busy = like.isPending;
  return (
    <span className="post-like">
      <button
        type="button"
        className={`button button-ghost button-small like-button${liked ? " liked" : ""}`}
        aria-pressed={liked}
        aria-disabled={busy || undefined}
        onClick={() => {
          // One request at a time per post: a second click waits for the first answer.
          if (!busy) like.mutate({ postId: post.id, like: !liked });
        }}
      >
        <span aria-hidden="true">{liked ? "♥" : "♡"}</span> Like
      </button>
      <span className="like-count">
        {post.likeCount} {post.likeCount === 1 ? "like" : "likes"}
      </span>
    </span>
  );
}
