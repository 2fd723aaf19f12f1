import { useState } from "react";
import type { PostView } from "../../common/schemas/posts";
import { Avatar } from "../users/Avatar";
import { CreatePostDialog } from "./CreatePostDialog";
import { PostList } from "./PostList";
import { useCommunityPosts, useFeed } from "./queries/posts";

export interface NewsfeedProps {
  viewer: { id: number; username: string; profilePhoto: string | null };
  /** The server's first page (null: the island loads it). */
  posts: PostView[] | null;
  /** Recent community posts, sent when the viewer's own feed is empty (null: loaded if needed). */
  community?: PostView[] | null;
}

/** Feed column 3: the create-post prompt and the Newsfeed (spec §2), following `?postId=`. */
export function NewsfeedView({ viewer, posts, community = null }: NewsfeedProps) {
  const feed = useFeed(posts);
  const feedIsEmpty = feed.data?.pages.every((page) => page.length === 0);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <section className="card create-post-prompt" aria-labelledby="create-post-title">
        <h2 id="create-post-title" className="visually-hidden">
          Share something
        </h2>
        <Avatar username={viewer.username} photo={viewer.profilePhoto} size={40} />
        <p className="muted">Share a roll, a gym or a win with the people who follow you.</p>
        <button type="button" className="button" onClick={() => setCreating(true)}>
          Create Post
        </button>
      </section>
      {creating && <CreatePostDialog authorId={viewer.id} onClose={() => setCreating(false)} />}
      <section className="newsfeed" aria-labelledby="newsfeed-title">
        <h2 id="newsfeed-title">Newsfeed</h2>
        <PostList
          query={feed}
          viewerId={viewer.id}
          followLink={true}
          empty={
            <>
              <p className="empty-state-title">No posts yet</p>
              <p className="muted">
                Create a post, or <a href="/users">find members</a> to follow and see theirs here.
              </p>
            </>
          }
        />
      </section>
      {feedIsEmpty && <CommunityPosts viewerId={viewer.id} first={community} />}
    </>
  );
}

/**
 * A newcomer follows nobody yet, so their Newsfeed is empty: recent Public posts from the
 * community show what OpenMat is like and whom to follow (each author links to a profile).
 */
function CommunityPosts({ viewerId, first }: { viewerId: number; first: PostView[] | null }) {
  const community = useCommunityPosts(first);
  if (community.data?.pages.every((page) => page.length === 0)) return null;
  return (
    <section className="newsfeed community-posts" aria-labelledby="community-posts-title">
      <h2 id="community-posts-title">From the OpenMat community</h2>
      <p className="muted">Recent public posts. Follow members to see their posts in your Newsfeed.</p>
      <PostList query={community} viewerId={viewerId} empty={null} />
    </section>
  );
}
