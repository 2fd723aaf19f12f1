import type { APIRequestContext } from "@playwright/test";

/** What Playwright's API client takes with a request (data, headers, …). */
type RequestOptions = NonNullable<Parameters<APIRequestContext["post"]>[1]>;

/**
 * Options for a test's own API write (`page.request`, `request`): the server refuses a write
 * that does not show it comes from our own pages, and pages send `Origin` by themselves,
 * while Playwright's API client sends none. (Setting it for the whole context would also put
 * it on the pages' script loads, which Chromium then refuses.)
 */
export function sameOrigin(
  options: RequestOptions = {},
  /** The server's base URL, for a spec with a server of its own. */
  baseUrl = process.env.E2E_BASE_URL ?? "http://localhost",
): RequestOptions {
  return { ...options, headers: { origin: new URL(baseUrl).origin, ...options.headers } };
}
