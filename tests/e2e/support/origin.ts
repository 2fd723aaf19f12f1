/**
 * Options for a test's own API write (`page.request`, `request`): the server refuses a write
 * that does not show it comes from our own pages, and pages send `Origin` by themselves,
 * while Playwright's API client sends none. (Setting it for the whole context would also put
 * it on the pages' script loads, which Chromium then refuses.)
 */
export function sameOrigin<T extends { headers?: Record<string, string> }>(
  options: T = {} as T,
  /** The server's base URL, for a spec with a server of its own. */
  baseUrl = process.env.E2E_BASE_URL ?? "http://localhost",
) {
  const origin = new URL(baseUrl).origin;
  return { ...options, headers: { origin, ...options.headers } };
}
