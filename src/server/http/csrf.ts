const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

export interface CrossSiteOptions {
  /** Our own origin and any other origin whose pages may write. */
  allowedOrigins: readonly string[];
  /**
   * Writes a client may send with neither header: routes that trust only a secret in
   * their URL, never a cookie (RFC 8058's one-click unsubscribe, posted by a mail provider).
   */
  headerless?: boolean;
}

/**
 * True unless this state-changing request shows it comes from one of our pages: either
 * `Sec-Fetch-Site: same-origin` or an `Origin` we allow. A write with neither header is
 * refused too, since a browser that sends neither (an old one, or a `text/plain` form
 * posted by a plugin) could still carry the member's cookie.
 */
export function isCrossSiteWrite(request: Request, options: CrossSiteOptions): boolean {
  if (!isStateChanging(request.method)) return false;
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  if (site && site !== "same-origin" && site !== "none") return true;
  if (site === "same-origin") return false;
  if (origin) return !options.allowedOrigins.includes(origin);
  return !(options.headerless && !site);
}
