const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * True when a browser sent this state-changing request from another site. Browsers
 * send Sec-Fetch-Site (or at least Origin) on every such request; a request with
 * neither comes from a non-browser client, which carries no ambient cookies to abuse.
 */
export function isCrossSiteWrite(request: Request, allowedOrigins: readonly string[]): boolean {
  if (!isStateChanging(request.method)) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  return !allowedOrigins.includes(origin) && origin !== new URL(request.url).origin;
}
