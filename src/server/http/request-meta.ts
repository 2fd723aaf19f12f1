/** Per-request facts set by the HTTP pipeline before routing, read by routes and renderers. */
export interface RequestMeta {
  id: string;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  startedAt: number;
  /** The client's address: the peer, or the last X-Forwarded-For hop (our proxy's) when TRUST_PROXY is set. */
  ip: string;
  /** The matched route's template (`/api/users/:id`), set by `routeTemplates`; unset when no route matched. */
  route?: string;
  /** The signed-in member, set when a route resolved the session (for the request log). */
  memberId?: number;
}

const metas = new WeakMap<Request, RequestMeta>();

export function createRequestMeta(ip = "unknown"): RequestMeta {
  return {
    ip,
    id: crypto.randomUUID(),
    nonce: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64"),
    startedAt: performance.now(),
  };
}

export function attachRequestMeta(request: Request, meta: RequestMeta): Request {
  metas.set(request, meta);
  return request;
}

/** The meta for a request, or a fresh one when a request bypassed the pipeline (unit tests). */
export function requestMeta(request: Request): RequestMeta {
  let meta = metas.get(request);
  if (!meta) {
    meta = createRequestMeta();
    metas.set(request, meta);
  }
  return meta;
}
