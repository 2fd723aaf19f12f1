import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { LIVE_STREAM_PATH } from "../../src/common/live";
import { fetchHandler } from "../../src/server/serve";
import { appendOne, openStream } from "../support/live";
import { messageClient } from "../support/messages";
import { secondCopy } from "../support/second-copy";
import { registerMember } from "../support/session";
import { readSse } from "../support/sse";
import { createTestApp, type TestApp } from "../support/test-app";

/** ARCHITECTURE "Scale-out, tested": copies share nothing but the database. */
let a: TestApp;
let b: Awaited<ReturnType<typeof secondCopy>>;
beforeAll(async () => {
  a = await createTestApp();
  b = await secondCopy(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe("live delivery across copies on one database", () => {
  it("an event written through copy A arrives on a stream held by copy B", async () => {
    const [sender, reader] = [await registerMember(a), await registerMember(a)];
    const conversation = await messageClient(a).open(sender, reader);
    const onB = await openStream(b, reader.cookie);
    const onA = await openStream(a, sender.cookie);
    await Promise.all([onB.sse.event("ready"), onA.sse.event("ready")]);
    const message = await messageClient(a).say(sender, conversation.id, "Rolling tonight?");
    const [onBEvent, onAEvent] = [
      await onB.sse.event("message.sent", 1000),
      await onA.sse.event("message.sent", 1000),
    ];
    expect(onBEvent.id).toBe(onAEvent.id);
    // Copy B loads the message from the database for its reader: the event holds its id only.
    expect(JSON.parse(onBEvent.data).payload).toEqual({ message });
    expect([a.app.live.size, b.app.live.size]).toEqual([1, 1]);
    await Promise.all([onA.sse.close(), onB.sse.close()]);
  });

  it("two real servers: a stream on B outlives Bun's idle timeout and gets what A writes", async () => {
    // Bun would cut an idle connection after about 4 s at idleTimeout 2 (its timer ticks
    // every 4 s); the stream must still be open well after that.
    const servers = [a, b].map((copy) =>
      Bun.serve({ port: 0, idleTimeout: 2, fetch: fetchHandler(copy.app) }),
    );
    try {
      const [serverA, serverB] = servers as [Bun.Server<unknown>, Bun.Server<unknown>];
      const reader = await registerMember(a);
      const guest = await fetch(`http://127.0.0.1:${serverB.port}${LIVE_STREAM_PATH}`);
      expect(guest.status).toBe(401);
      const response = await fetch(`http://127.0.0.1:${serverB.port}${LIVE_STREAM_PATH}`, {
        headers: { cookie: reader.cookie, "accept-encoding": "gzip" },
      });
      expect(response.headers.get("content-type")).toStartWith("text/event-stream");
      expect(response.headers.get("content-encoding")).toBeNull();
      const sse = readSse(response);
      await sse.event("ready");
      await Bun.sleep(5_500);
      expect(sse.ended).toBe(false);
      const id = await appendOne(a.app.context.database.db, "notifications.read", [reader.id], { all: true });
      expect((await sse.event("notifications.read", 1000)).id).toBe(String(id));
      expect(serverA.port).not.toBe(serverB.port);
      await sse.close();
    } finally {
      for (const server of servers) await server.stop(true);
    }
  }, 15_000);
});

describe("stopping the server", () => {
  it("stops within its limit on SIGTERM while a stream is open, and ends the stream", async () => {
    const main = join(import.meta.dir, "../../src/server/main.ts");
    const server = Bun.spawn([process.execPath, main, "serve"], {
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        NODE_ENV: "test",
        DEMO_DATA: "false",
        LOG_LEVEL: "info",
        DATABASE_URL: `file:${join(a.dir, "served.db")}`,
      },
      stdout: "pipe",
      stderr: "inherit",
    });
    try {
      const origin = await listeningOrigin(server.stdout);
      const res = await fetch(`${origin}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
        body: JSON.stringify({
          username: "stream_stop",
          email: "stop@example.com",
          password: "correct horse battery",
        }),
      });
      expect(res.status).toBe(201);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const sse = readSse(await fetch(`${origin}${LIVE_STREAM_PATH}`, { headers: { cookie } }));
      await sse.event("ready");
      const started = performance.now();
      server.kill("SIGTERM");
      const code = await Promise.race([server.exited, Bun.sleep(5_000).then(() => "still running")]);
      expect(code).toBe(0);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(await sse.closedWithin(500)).toBe(true);
    } finally {
      server.kill("SIGKILL");
    }
  }, 20_000);
});

/** Reads the server's log until its "listening" line and returns its origin. */
async function listeningOrigin(stdout: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`server did not start: ${text}`);
    text += decoder.decode(value);
    const port = /"msg":"listening","url":"http:\/\/[^:]+:(\d+)"/.exec(text)?.[1];
    if (port) {
      reader.releaseLock();
      void stdout.pipeTo(new WritableStream());
      return `http://127.0.0.1:${port}`;
    }
  }
}
