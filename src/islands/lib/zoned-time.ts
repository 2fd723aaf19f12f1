import { useMounted } from "../home/use-mounted";

/**
 * Dates and times as the server's HTML and the browser's first render both write them (issue
 * 23: React's hydration error for every reader whose zone is not the server's). A formatter
 * without a `timeZone` takes the zone of the machine it runs on, so the server and a browser
 * elsewhere wrote different text. Here every formatter names its zone: a zone known to both
 * (the gym's), or UTC until the page is hydrated and the reader's own zone after.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per options and zone, made once (making one costs far more than using it). */
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/** `iso` in `timeZone`, or "" when it is not a date. */
export function formatIn(iso: string, options: Intl.DateTimeFormatOptions, timeZone: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? "" : formatter(options, timeZone).format(at);
}

/**
 * The zone to write a time in: `known` (e.g. the gym's) when there is one; otherwise UTC for
 * the server render and hydration, then the reader's own zone once mounted (named, so a
 * formatter made for it is never one made for another zone).
 */
export function zoneFor(known: string | null | undefined, mounted: boolean): string {
  if (known) return known;
  return mounted ? new Intl.DateTimeFormat().resolvedOptions().timeZone : "UTC";
}

/** The zone `zoneFor` gives a time without a known zone, with this component's mounted state. */
export function useReaderZone(): string {
  return zoneFor(null, useMounted());
}
