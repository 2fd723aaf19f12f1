/**
 * The ceiling: a bare Bun.serve answering a constant, the most req/s this machine and this
 * load generator can reach. OpenMat's req/s are reported as a share of it, measured in the
 * same run, so the ratio survives a noisy, shared machine.
 *
 * `/bytes/{n}` answers n fixed bytes instead: the ceiling for a body of that size (moving
 * and parsing a 12 KB body alone caps this machine's req/s far below a 2-byte one).
 */
const bodies = new Map<number, Uint8Array<ArrayBuffer>>();
const MAX_BYTES = 1 << 20;

Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT),
  fetch(request) {
    const size = /^\/bytes\/(\d{1,7})$/.exec(new URL(request.url).pathname)?.[1];
    if (size === undefined || Number(size) > MAX_BYTES) return new Response("ok");
    let body = bodies.get(Number(size));
    if (!body) {
      // Random, as a gzipped body is: on this machine repeated bytes travel 3x faster.
      body = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(Number(size))));
      bodies.set(Number(size), body);
    }
    return new Response(body, { headers: { "content-encoding": "gzip" } });
  },
});
