const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|ld\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/** Chooses gzip when the client accepts it; identity otherwise. */
export function acceptsGzip(request: Request): boolean {
  return /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
}

/** The answer with a new body; its headers are the handler's own, changed in place (no copy per request). */
function withBody(response: Response, body: BodyInit, gzip: boolean): Response {
  const headers = response.headers;
  headers.delete("content-length");
  if (gzip) headers.set("content-encoding", "gzip");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Gzips compressible bodies the handler did not encode itself; event streams pass through.
 * Bodies (HTML, JSON, XML, text) are complete when handed over (pages are rendered whole),
 * so they are measured and only those of 1 KiB or more are compressed, in one call.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  if (!response.body || request.method === "HEAD") return response;
  const headers = response.headers;
  if (headers.has("content-encoding") || headers.has("content-range")) return response;
  const type = headers.get("content-type") ?? "";
  // An event stream never ends: buffering it to measure it would hold every event back.
  if (type.startsWith("text/event-stream")) return response;
  if (!COMPRESSIBLE.test(type)) return response;
  headers.append("vary", "Accept-Encoding");
  if (!acceptsGzip(request)) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.byteLength < MIN_BYTES) return withBody(response, body, false);
  return withBody(response, Bun.gzipSync(body, { level: 6 }), true);
}
