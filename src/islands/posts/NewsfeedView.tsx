import { useState } from "react";
import type { PostView } from "../../common/schemas/posts";
import { Avatar } from "../users/Avatar";
import { CreatePostDialog } from "./CreatePostDialog";
import { PostList } from "./PostList";
import { useFeed } from "./queries/posts";

export interface NewsfeedProps {
  viewer: { id: number; username: string; profilePhoto: string | null };
  /** The server's first page (null: the island loads it). */
  posts: PostView[] | null;
}

/** Feed column 3: the create-post prompt and the Newsfeed (spec §2), following `?postId=`. */
export function NewsfeedView({ viewer, posts }: NewsfeedProps) {
  const feed = useFeed(posts);
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
    </>
  );
}
