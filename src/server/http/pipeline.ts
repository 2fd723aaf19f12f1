import type { Logger } from "../log";
import { loggableError } from "../loggable-error";
import { compressResponse } from "./compression";
import { isCrossSiteWrite, isStateChanging } from "./csrf";
import { jsonResponse, messages } from "./errors";
import { readLimited } from "./read-limited";
import { attachRequestMeta, createRequestMeta } from "./request-meta";
import { routeLabel } from "./route-template";
import { isHttpsUrl, withSecurityHeaders } from "./security-headers";

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * A route that takes a raw body instead of JSON (an upload): the one exception to the
 * JSON-only rule, with its own size limit. The body is left as a stream for the route,
 * which enforces its finer limit while reading.
 */
export interface RawBodyRoute {
  method: string;
  path: RegExp;
  maxBytes: number;
}

export interface PipelineOptions {
  publicUrl: string;
  logger: Logger;
  trustProxy: boolean;
  /** Origins besides our own that scripts may fetch from (a remote basemap). */
  connectOrigins?: readonly string[];
  /** Every route allowed a non-JSON body, declared in one place (see `createApp`). */
  rawBodyRoutes?: readonly RawBodyRoute[];
  /**
   * Writes that may come with neither Origin nor Sec-Fetch-Site because they trust only a
   * secret in the request, never a cookie (a mail provider's one-click unsubscribe).
   */
  headerlessWrites?: readonly { method: string; path: RegExp }[];
  /** LOG_ADDRESSES: the request's log line carries the client's address. */
  logAddresses?: boolean;
  /** Told of every answered request (the metrics count them). */
  onResponse?: (answered: AnsweredRequest) => void;
}

/** One answered request as the metrics see it: its route template, never its path. */
export interface AnsweredRequest {
  route: string;
  method: string;
  status: number;
  seconds: number;
}

type Handler = (request: Request) => Promise<Response> | Response;
export type PipelineHandler = (request: Request, peerIp?: string) => Promise<Response>;

/**
 * Behind TRUST_PROXY, the address our own proxy appended: the last X-Forwarded-For hop.
 * Earlier hops come from the client, who could otherwise pick a fresh address per request
 * and walk past every per-IP throttle.
 */
export function clientIp(request: Request, peerIp: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return peerIp ?? "unknown";
}

/**
 * Wraps the router with what every request gets: a request id and CSP nonce, the
 * cross-site check, JSON body rules, security headers, compression and one log line.
 */
export function withPipeline(handle: Handler, options: PipelineOptions): PipelineHandler {
  const publicOrigin = new URL(options.publicUrl).origin;
  const headerOptions = { httpsOnly: isHttpsUrl(publicOrigin), connectOrigins: options.connectOrigins };
  const rawBodyRoutes = options.rawBodyRoutes ?? [];
  const headerlessWrites = options.headerlessWrites ?? [];
  const crossSite = (request: Request, path: string) =>
    isCrossSiteWrite(request, {
      allowedOrigins: [publicOrigin],
      headerless: headerlessWrites.some((w) => w.method === request.method && w.path.test(path)),
    });
  const failed = (error: unknown, reqId: string, path: string) => {
    if (error instanceof Response) return error;
    options.logger.error("unhandled", { reqId, path: loggedPath(path), ...loggableError(error) });
    return jsonResponse(500, { message: messages.unexpected });
  };
  return async (incoming, peerIp) => {
    const meta = createRequestMeta(clientIp(incoming, peerIp, options.trustProxy));
    let request = attachRequestMeta(incoming, meta);
    const path = new URL(request.url).pathname;
    const finish = (response: Response) =>
      withSecurityHeaders(response, headerOptions, meta.nonce, { "x-request-id": meta.id });
    let out: Response;
    try {
      let response: Response;
      try {
        const raw = rawBodyRoutes.find((r) => r.method === request.method && r.path.test(path));
        const refused = crossSite(request, path)
          ? jsonResponse(403, { message: messages.crossOrigin })
          : raw
            ? guardRaw(request, raw)
            : guard(request, path);
        if (refused) response = refused;
        else {
          if (!raw) request = attachRequestMeta(await bufferJsonBody(request, path), meta);
          response = await handle(request);
        }
      } catch (error) {
        response = failed(error, meta.id, path);
      }
      out = await compressResponse(request, finish(response));
    } catch (error) {
      // Even a body that fails while being compressed gets an answer with every header.
      out = finish(failed(error, meta.id, path));
    }
    const ms = performance.now() - meta.startedAt;
    const route = routeLabel(meta);
    options.logger.info("request", {
      reqId: meta.id,
      method: request.method,
      route,
      path: loggedPath(path),
      status: out.status,
      ms: Math.round(ms * 10) / 10,
      memberId: meta.memberId,
      ip: options.logAddresses ? meta.ip : undefined,
    });
    options.onResponse?.({ route, method: request.method, status: out.status, seconds: ms / 1000 });
    return out;
  };
}

/** A path as the log keeps it: a member's calendar address is a lasting key, so its token is left out. */
const loggedPath = (path: string) => path.replace(/^\/calendar\/[^/]+$/, "/calendar/[token].ics");

function guard(request: Request, path: string) {
  if (!path.startsWith("/api/") || !isStateChanging(request.method)) return null;
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > JSON_BODY_LIMIT) return jsonResponse(413, { message: messages.tooLarge });
  const type = request.headers.get("content-type") ?? "";
  const hasBody = request.body !== null;
  if (hasBody && !/^application\/json\b/i.test(type)) {
    return jsonResponse(415, { message: messages.jsonOnly });
  }
  return null;
}

/** A raw-body route gets its own cap on the declared length. */
function guardRaw(request: Request, route: RawBodyRoute) {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > route.maxBytes) return jsonResponse(413, { message: UPLOAD_TOO_LARGE });
  return null;
}

const UPLOAD_TOO_LARGE = "Upload is too large";

/**
 * A body of some bytes framed by its Content-Length alone (a chunked one declares none that
 * binds it). An empty one still goes the long way, which hands the route no body at all: a
 * browser's bodiless POST says `Content-Length: 0`, often beside a JSON Content-Type.
 */
const hasDeclaredLength = (request: Request) =>
  /^[1-9]\d*$/.test(request.headers.get("content-length") ?? "") && !request.headers.has("transfer-encoding");

/**
 * Reads a JSON body up front so a body without Content-Length still obeys the limit. One with
 * a Content-Length passed `guard`'s check of it, and the server reads no byte past it, so it
 * is left to be read once, natively: reading it through a stream reader and a new Request
 * was a third of a small JSON POST's CPU (about 100 µs against 68 µs over HTTP).
 */
async function bufferJsonBody(request: Request, path: string) {
  if (!path.startsWith("/api/") || !isStateChanging(request.method) || !request.body) return request;
  if (hasDeclaredLength(request)) return request;
  const body = await readLimited(request.body, JSON_BODY_LIMIT, () =>
    jsonResponse(413, { message: messages.tooLarge }),
  );
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: body.byteLength ? body : undefined,
  });
}
