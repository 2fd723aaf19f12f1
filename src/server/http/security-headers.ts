/**
 * Headers set on every response. Scripts run only from our origin or with this
 * response's nonce; nothing may frame the site.
 */
export function securityHeaders(
  nonce: string,
  httpsOnly: boolean,
  connectOrigins: readonly string[] = [],
): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectOrigins].join(" "),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (httpsOnly) csp.push("upgrade-insecure-requests");
  const headers: Record<string, string> = {
    "content-security-policy": csp.join("; "),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), payment=(), geolocation=(self)",
  };
  if (httpsOnly) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
