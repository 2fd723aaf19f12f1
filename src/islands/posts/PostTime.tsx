import { useMounted } from "../home/use-mounted";

const local = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const utc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * A post's date and time. The server does not know the reader's time zone, so the first
 * render (server and hydration alike) says UTC, and the browser then shows its own time:
 * the two renders agree and hydration never mismatches.
 */
export function PostTime({ iso, id }: { iso: string; id?: string }) {
  const mounted = useMounted();
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return (
    <time id={id} dateTime={iso}>
      {mounted ? local.format(at) : `${utc.format(at)} UTC`}
    </time>
  );
}
