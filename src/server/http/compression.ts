const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/** Chooses gzip when the client accepts it; identity otherwise. */
export function acceptsGzip(request: Request): boolean {
  return /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
}

/**
 * Gzips compressible bodies the handler did not encode itself. Streams stay streams,
 * so server-rendered HTML still flushes early.
 */
export function compressResponse(request: Request, response: Response): Response {
  if (!response.body || request.method === "HEAD") return response;
  const headers = response.headers;
  if (headers.has("content-encoding") || headers.has("content-range")) return response;
  if (!COMPRESSIBLE.test(headers.get("content-type") ?? "")) return response;
  headers.append("vary", "Accept-Encoding");
  if (!acceptsGzip(request)) return response;
  const length = Number(headers.get("content-length") ?? Number.NaN);
  if (length < MIN_BYTES) return response;
  const compressed = response.body.pipeThrough(new CompressionStream("gzip"));
  const out = new Headers(headers);
  out.set("content-encoding", "gzip");
  out.delete("content-length");
  return new Response(compressed, { status: response.status, statusText: response.statusText, headers: out });
}
