import { messages } from "./errors";

export interface SecurityHeaderOptions {
  /** The site is served over https: adds HSTS and upgrade-insecure-requests. */
  httpsOnly: boolean;
  /** Origins besides our own that scripts may fetch from (a remote basemap). */
  connectOrigins?: readonly string[];
}

/**
 * Headers set on every response. Scripts run only from our origin or with this
 * response's nonce (none for answers made outside the pipeline); nothing may frame the site.
 */
export function securityHeaders(
  nonce: string | undefined,
  { httpsOnly, connectOrigins = [] }: SecurityHeaderOptions,
): Record<string, string> {
  const csp = [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'self'",
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

// The headers but the policy's nonce are the same on every answer: built once per options.
const fixedHeaders = new WeakMap<
  SecurityHeaderOptions,
  { withNonce: [string, string][]; bare: [string, string][] }
>();
const NONCE = "\0nonce\0";

function headersFor(options: SecurityHeaderOptions) {
  let fixed = fixedHeaders.get(options);
  if (!fixed) {
    fixed = {
      withNonce: Object.entries(securityHeaders(NONCE, options)),
      bare: Object.entries(securityHeaders(undefined, options)),
    };
    fixedHeaders.set(options, fixed);
  }
  return fixed;
}

/**
 * Adds the security headers a response does not set itself. The one place they are
 * applied: the request pipeline and the HTTP server's last-resort error answer both call it.
 * A response with immutable headers is copied first.
 */
export function withSecurityHeaders(
  response: Response,
  options: SecurityHeaderOptions,
  nonce?: string,
  extra: Record<string, string> = {},
): Response {
  const { withNonce, bare } = headersFor(options);
  let out = response;
  const apply = () => {
    const headers = out.headers;
    for (const [name, value] of nonce ? withNonce : bare) {
      if (!headers.has(name)) headers.set(name, nonce ? value.replace(NONCE, nonce) : value);
    }
    for (const name in extra) headers.set(name, extra[name] as string);
  };
  try {
    apply();
  } catch {
    out = new Response(response.body, response);
    apply();
  }
  return out;
}

/** Whether a public URL is served over https. */
export const isHttpsUrl = (publicUrl: string) => new URL(publicUrl).protocol === "https:";

/** The HTTP server's last-resort answer (Bun's `error()`): the pipeline's JSON 500, with every header. */
export function serverErrorResponse(publicUrl: string): Response {
  return withSecurityHeaders(
    new Response(JSON.stringify({ message: messages.unexpected }), {
      status: 500,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
    }),
    { httpsOnly: isHttpsUrl(publicUrl) },
  );
}
