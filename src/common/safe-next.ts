/** Where sign-in leads when `next` is missing or not a page of this site. */
export const DEFAULT_NEXT = "/feed";

// Control characters (C0, DEL, C1), any whitespace and backslashes: browsers strip or
// reinterpret them while parsing ("/\evil.example" is "//evil.example"), so they never pass,
// nor do their percent-encoded forms, in case something decodes the target once more.
const UNSAFE = /[\p{Cc}\\\s]|%(?:[01][0-9a-f]|7f|5c)/iu;

/**
 * The path (with search and hash) to go to after signing in, when `next` names a page of
 * `origin`; DEFAULT_NEXT otherwise. In the browser `origin` is `location.origin`, on the
 * server the site's public origin.
 */
export function safeNext(next: string | null | undefined, origin: string): string {
  if (!next || UNSAFE.test(next)) return DEFAULT_NEXT;
  let url: URL;
  let own: string;
  try {
    own = new URL(origin).origin;
    url = new URL(next, own);
  } catch {
    return DEFAULT_NEXT;
  }
  if (url.origin !== own || (url.protocol !== "http:" && url.protocol !== "https:")) return DEFAULT_NEXT;
  const target = url.pathname + url.search + url.hash;
  // "/..//evil.example" resolves to the path "//evil.example", which a browser reads as a host.
  if (!target.startsWith("/") || target.startsWith("//")) return DEFAULT_NEXT;
  return target;
}
