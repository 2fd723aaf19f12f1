/**
 * Whether a link is an absolute http(s) URL: the only kind a page links to. Its own module, so
 * that the visitor rules' schema (a waiver link) and the school's (which carries the rules in
 * an import row) can both read it without importing each other.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return (protocol === "http:" || protocol === "https:") && !/[\p{Cc}\s]/u.test(value);
  } catch {
    return false;
  }
}
