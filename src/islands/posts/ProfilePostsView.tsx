import type { PostView } from "../../common/schemas/posts";
import { PostList } from "./PostList";
import { useUserPosts } from "./queries/posts";

export interface ProfilePostsProps {
  userId: number;
  username: string;
  isOwner: boolean;
  viewerId: number;
  /** The server's first page of the posts the viewer may see (null: the island loads it). */
  posts: PostView[] | null;
}

/** Spec §2 Profile 'Posts': 'Your Posts' or 'Posts by @name'; the owner can delete theirs. */
export function ProfilePostsView({ userId, username, isOwner, viewerId, posts }: ProfilePostsProps) {
  const list = useUserPosts(userId, posts);
  return (
    <section className="card profile-section profile-posts" aria-labelledby="posts-title">
      <h2 id="posts-title">{isOwner ? "Your Posts" : `Posts by @${username}`}</h2>
      <PostList
        query={list}
        viewerId={viewerId}
        empty={
          isOwner ? (
            <p className="muted">
              You have not posted yet. <a href="/feed">Create a post on your feed.</a>
            </p>
          ) : (
            <p className="muted">No posts to show.</p>
          )
        }
      />
    </section>
  );
}
