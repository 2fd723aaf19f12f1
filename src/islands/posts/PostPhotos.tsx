/**
 * Spec §2 "Post photo layout": one photo is full width; otherwise two columns, and with
 * three the first spans both (styles.css, `.post-photos-N`). Classes, not inline styles:
 * the CSP allows none in server-rendered HTML.
 */
export function photoLayoutClass(count: number): string {
  return `post-photos post-photos-${Math.min(Math.max(count, 1), 4)}`;
}

export function PostPhotos({ photos, username }: { photos: string[]; username: string }) {
  if (photos.length === 0) return null;
  return (
    <div className={photoLayoutClass(photos.length)}>
      {photos.map((src, i) => (
        <img
          key={src}
          src={src}
          loading="lazy"
          decoding="async"
          alt={`${i + 1} of ${photos.length}, posted by @${username}`}
        />
      ))}
    </div>
  );
}
