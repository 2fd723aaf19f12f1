import { isIP } from "node:net";
import { requestMeta } from "./request-meta";

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export function isLoopbackAddress(ip: string): boolean {
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (isIP(address) === 4) return address.startsWith("127.");
  return address === "::1";
}

/**
 * True when the client is this machine. Without TRUST_PROXY a forwarding header means a
 * proxy on this machine is relaying someone else, so the loopback peer proves nothing.
 */
export function isLoopbackClient(request: Request, trustProxy: boolean): boolean {
  if (!trustProxy && (request.headers.has("x-forwarded-for") || request.headers.has("forwarded"))) {
    return false;
  }
  return isLoopbackAddress(requestMeta(request).ip);
}
