/** The served photo's small variant: uploads are stored as <key>-512.webp and <key>-96.webp. */
export function smallPhoto(photo: string): string {
  return photo.replace(/-512\.webp$/, "-96.webp");
}

interface AvatarProps {
  username: string;
  photo: string | null;
  /** Pixels, one of the sizes styles.css has a class for; 72 and under use the 96 px variant. */
  size?: 32 | 40 | 72 | 96;
  className?: string;
}

/**
 * A member's photo, or the first letter of their name on a coloured disc (spec §2 Profile
 * "avatar (photo or initial)"). Decorative: the @username always sits beside it.
 */
export function Avatar({ username, photo, size = 40, className = "" }: AvatarProps) {
  // Sizes are classes: the CSP allows no inline style attributes in server-rendered HTML.
  const sized = `avatar avatar-${size} ${className}`.trim();
  if (photo) {
    return (
      <img
        className={sized}
        src={size <= 72 ? smallPhoto(photo) : photo}
        alt=""
        width={size}
        height={size}
        decoding="async"
      />
    );
  }
  return (
    <span className={`${sized} avatar-initial`} aria-hidden="true">
      {username.slice(0, 1).toUpperCase()}
    </span>
  );
}
