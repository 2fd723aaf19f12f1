import { useId, useState } from "react";
import { Modal } from "../home/Modal";
import { CancelButton } from "../lib/DialogButtons";
import { useDeletePost } from "./queries/posts";

/** The author's 'Delete post', confirmed in a small dialog first (a post cannot come back). */
export function DeletePostButton({ postId, onDeleted }: { postId: number; onDeleted?(): void }) {
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const remove = useDeletePost();

  // On success the card, and this dialog inside it, leave the list; the list moves focus on.
  const confirm = () => remove.mutate(postId, { onSuccess: onDeleted, onError: () => setConfirming(false) });

  return (
    <>
      <button
        type="button"
        className="button button-ghost button-small"
        aria-label="Delete post"
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
      {confirming && (
        <Modal labelledBy={titleId} onClose={() => setConfirming(false)} className="modal-small">
          <h2 id={titleId}>Delete this post?</h2>
          <p>This cannot be undone. The post, its photos and its likes are removed.</p>
          <div className="modal-actions">
            <CancelButton />
            <button
              type="button"
              className="button button-danger"
              disabled={remove.isPending}
              onClick={confirm}
            >
              {remove.isPending ? "Deleting..." : "Delete"}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
