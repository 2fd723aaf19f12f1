import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { POST_MAX, type PostVisibility, postMessages } from "../../common/schemas/posts";
import { Modal } from "../home/Modal";
import { DialogFormActions } from "../lib/DialogButtons";
import { PhotoPreviews } from "./PhotoPreviews";
import { useCreatePost } from "./queries/posts";
import { UploadPhotosDialog } from "./UploadPhotosDialog";

/** Spec §5 Post: who may read it. Friends are the people the author follows. */
const visibilityHints: Record<PostVisibility, string> = {
  Public: "Every member can see this post.",
  Friends: "Only the people you follow can see this post.",
  Private: "Only you can see this post.",
};
const visibilityOrder: PostVisibility[] = ["Public", "Friends", "Private"];

/** Spec §5: not blank, at most 500 characters. */
export function contentProblem(content: string): string | null {
  if (content.trim().length === 0) return postMessages.contentRequired;
  if (content.length > POST_MAX) return postMessages.contentTooLong;
  return null;
}

/**
 * 'Create a Post' (spec §2, §4 "Post creation"): text with an n/500 counter, visibility
 * (Public by default) and up to 4 photos. Submitting reads 'Posting...'; it is disabled while
 * the text is invalid or a post is on its way. Success clears the form and closes it.
 */
export function CreatePostDialog({ authorId, onClose }: { authorId: number; onClose(): void }) {
  const id = useId();
  const [content, setContent] = useState("");
  const [visibility, setVisibility] = useState<PostVisibility>("Public");
  const [files, setFiles] = useState<File[]>([]);
  const [choosing, setChoosing] = useState(false);
  const create = useCreatePost(authorId);
  const area = useRef<HTMLTextAreaElement>(null);
  // Runs after the Modal (a child) has opened: start in the text, not on the close button.
  useEffect(() => area.current?.focus(), []);
  const problem = contentProblem(content);
  const tooLong = content.length > POST_MAX;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problem || create.isPending) return;
    create.mutate(
      { content, visibility, files },
      {
        onSuccess: () => {
          setContent("");
          setVisibility("Public");
          setFiles([]);
          onClose();
        },
      },
    );
  }

  // The photo dialog is a sibling, not a child: a close inside a <dialog> must not reach this one.
  return (
    <>
      <Modal labelledBy={`${id}-title`} onClose={onClose} className="create-post">
        <h2 id={`${id}-title`}>Create a Post</h2>
        <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
          <div className="field">
            <label htmlFor={`${id}-content`}>What's on your mind?</label>
            <textarea
              ref={area}
              id={`${id}-content`}
              name="content"
              rows={5}
              value={content}
              aria-invalid={tooLong || undefined}
              aria-describedby={`${id}-count${tooLong ? ` ${id}-error` : ""}`}
              onChange={(event) => setContent(event.target.value)}
            />
            <span id={`${id}-count`} className={`char-count${tooLong ? " char-count-over" : " muted"}`}>
              {content.length}/{POST_MAX}
            </span>
            {tooLong && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {postMessages.contentTooLong}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-visibility`}>Visibility</label>
            <select
              id={`${id}-visibility`}
              name="visibility"
              value={visibility}
              aria-describedby={`${id}-visibility-hint`}
              onChange={(event) => setVisibility(event.target.value as PostVisibility)}
            >
              {visibilityOrder.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
            <p id={`${id}-visibility-hint`} className="field-hint muted">
              {visibilityHints[visibility]}
            </p>
          </div>
          <div className="create-post-photos">
            <button type="button" className="button button-ghost" onClick={() => setChoosing(true)}>
              Add photos
            </button>
            <PhotoPreviews files={files} onRemove={(i) => setFiles(files.filter((_, j) => j !== i))} />
          </div>
          <DialogFormActions
            label="Post"
            busyLabel={postMessages.posting}
            busy={create.isPending}
            disabled={!!problem}
          />
        </form>
      </Modal>
      {choosing && (
        <UploadPhotosDialog files={files} onChange={setFiles} onClose={() => setChoosing(false)} />
      )}
    </>
  );
}
