import { useId, useState } from "react";
import { Modal } from "../home/Modal";
import { Avatar } from "../users/Avatar";
import { profileHref } from "../users/links";
import { useFriends } from "../users/queries/friends";

/** 'See Friends': the members the viewer follows, each linking to their profile. */
export function SeeFriendsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-ghost" onClick={() => setOpen(true)}>
        See Friends
      </button>
      {open && <FriendsDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function FriendsDialog({ onClose }: { onClose(): void }) {
  const titleId = useId();
  const friends = useFriends(true);
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="friends-modal">
      <h2 id={titleId}>Friends</h2>
      <div aria-live="polite">
        {friends.isError ? (
          <p className="form-error" role="alert">
            Failed to load friends
          </p>
        ) : !friends.data ? (
          <p className="muted">Loading...</p>
        ) : friends.data.length === 0 ? (
          <p className="muted">
            You are not following anyone yet. <a href="/users">Find users</a> to follow.
          </p>
        ) : (
          <ul className="user-list" aria-label="Members you follow">
            {friends.data.map(({ id, following }) => (
              <li key={id} className="user-row">
                <Avatar username={following.username} photo={following.profilePhoto} size={40} />
                <a className="user-row-name" href={profileHref(following.id)}>
                  @{following.username}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
