import { useEffect, useId, useRef } from "react";
import { POST_PHOTOS_MAX } from "../../common/schemas/posts";
import { Modal } from "../home/Modal";
import { PhotoPreviews } from "./PhotoPreviews";
import { acceptPhotos } from "./photos";

interface UploadPhotosDialogProps {
  files: readonly File[];
  onChange(files: File[]): void;
  onClose(): void;
}

/**
 * Spec §2 "Upload Photos": choose up to 4 images for the post. Files that are not images,
 * larger than 10 MB or beyond the fourth are skipped silently (§5); the others are previewed.
 * They are uploaded only when the post is submitted.
 */
export function UploadPhotosDialog({ files, onChange, onClose }: UploadPhotosDialogProps) {
  const id = useId();
  const full = files.length >= POST_PHOTOS_MAX;
  const input = useRef<HTMLInputElement>(null);
  // Runs after the Modal (a child) has opened: start on the file picker.
  useEffect(() => input.current?.focus(), []);
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="upload-photos">
      <h2 id={`${id}-title`}>Upload Photos</h2>
      <div className="field">
        {/* The input is hidden but still focused and labelled; its label is the button, so the
            browser's own "No file chosen" never contradicts the count (issue 23). */}
        <input
          ref={input}
          id={`${id}-input`}
          className="visually-hidden file-picker"
          type="file"
          accept="image/*"
          multiple
          disabled={full}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const input = event.currentTarget;
            onChange(acceptPhotos(files, input.files ?? []));
            // Cleared, so the same file can be chosen again after it was removed.
            input.value = "";
          }}
        />
        <label htmlFor={`${id}-input`} className="button file-picker-button">
          Choose photos
        </label>
        <p id={`${id}-hint`} className="field-hint muted">
          Up to {POST_PHOTOS_MAX} images, 10 MB each. {files.length}/{POST_PHOTOS_MAX} chosen.
        </p>
      </div>
      <PhotoPreviews files={files} onRemove={(i) => onChange(files.filter((_, j) => j !== i))} />
      <div className="modal-actions">
        <button
          type="button"
          className="button"
          onClick={(event) => event.currentTarget.closest("dialog")?.close()}
        >
          Done
        </button>
      </div>
    </Modal>
  );
}
