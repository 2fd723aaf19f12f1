import { useEffect, useState } from "react";

/** Object URLs for the chosen files' previews, released when the files change or go away. */
function usePreviewUrls(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    if (typeof URL.createObjectURL !== "function") return;
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

/** A key per chosen file: the same file keeps its preview (and its focus) when another is removed. */
const fileKeys = new WeakMap<File, number>();
let nextKey = 0;
const keyOf = (file: File) => {
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = ++nextKey;
    fileKeys.set(file, key);
  }
  return key;
};

/** The photos chosen for a post, each with a button that takes it out again. */
export function PhotoPreviews({
  files,
  onRemove,
}: {
  files: readonly File[];
  onRemove(index: number): void;
}) {
  const urls = usePreviewUrls(files);
  if (files.length === 0) return null;
  return (
    <ul className="photo-previews" aria-label="Chosen photos">
      {files.map((file, i) => (
        <li key={keyOf(file)} className="photo-preview">
          {urls[i] ? <img src={urls[i]} alt={`Chosen ${i + 1}: ${file.name}`} /> : <span>{file.name}</span>}
          <button
            type="button"
            className="icon-button photo-remove"
            aria-label={`Remove photo ${i + 1} (${file.name})`}
            onClick={() => onRemove(i)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
