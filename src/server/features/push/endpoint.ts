import { isIP } from "node:net";

/**
 * Which push endpoints the server will POST to. RFC 8030 endpoints are https URLs of a push
 * service; the server sends to whatever a member's browser gave, so an endpoint naming this
 * machine or a private network is refused (the server must not be a way to reach those).
 * `allowHttpLoopback` (PUSH_ALLOW_HTTP_LOOPBACK, tests and development only) accepts http on
 * this machine, where tests run their own push service.
 */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

function privateV4(address: string): boolean {
  const [a = 0, b = 0] = address.split(".").map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

function privateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return true;
  if (isIP(host) === 4) return privateV4(host);
  if (host.startsWith("[")) {
    const v6 = host.slice(1, -1);
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
    if (mapped?.[1]) return privateV4(mapped[1]);
    // Unspecified, loopback, unique local (fc00::/7), link-local (fe80::/10), mapped hex forms.
    return (
      v6 === "::" || v6 === "::1" || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith("::ffff:")
    );
  }
  return false;
}

export type EndpointVerdict = "ok" | "not-https" | "private";

export function checkEndpoint(endpoint: string, allowHttpLoopback: boolean): EndpointVerdict {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "not-https";
  }
  if (url.username || url.password) return "not-https";
  if (allowHttpLoopback && url.protocol === "http:" && LOOPBACK_NAMES.has(url.hostname)) return "ok";
  if (url.protocol !== "https:") return "not-https";
  return privateHost(url.hostname) ? "private" : "ok";
}
