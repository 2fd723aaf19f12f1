/** The served photo's small variant: uploads are stored as <key>-512.webp and <key>-96.webp. */
export function smallPhoto(photo: string): string {
  return photo.replace(/-512\.webp$/, "-96.webp");
}

interface AvatarProps {
  username: string;
  photo: string | null;
  /** Pixels; 96 and under use the small variant. */
  size?: number;
  className?: string;
}

/**
 * A member's photo, or the first letter of their name on a coloured disc (spec §2 Profile
 * "avatar (photo or initial)"). Decorative: the @username always sits beside it.
 */
export function Avatar({ username, photo, size = 40, className = "" }: AvatarProps) {
  const style = { width: size, height: size };
  if (photo) {
    return (
      <img
        className={`avatar ${className}`}
        src={size <= 96 ? smallPhoto(photo) : photo}
        alt=""
        width={size}
        height={size}
        style={style}
        decoding="async"
      />
    );
  }
  return (
    <span
      className={`avatar avatar-initial ${className}`}
      style={{ ...style, fontSize: Math.round(size * 0.45) }}
      aria-hidden="true"
    >
      {username.slice(0, 1).toUpperCase()}
    </span>
  );
}
