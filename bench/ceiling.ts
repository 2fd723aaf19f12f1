/**
 * The ceiling: a bare Bun.serve answering a constant, the most req/s this machine and this
 * load generator can reach. OpenMat's req/s are reported as a share of it, measured in the
 * same run, so the ratio survives a noisy, shared machine.
 */
Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT),
  fetch: () => new Response("ok"),
});
