/**
 * A push service on this machine for the browser tests. Playwright runs under Node, so the
 * API tests' Bun.serve service (tests/support/push-service.ts) cannot start here; this is
 * the same thing on node:http, with the devices (a browser's P-256 keys and auth secret,
 * and the RFC 8291 decryption) made by that file's `makeDevice`.
 *
 * Headless Chromium cannot subscribe itself: with the network closed it has no push service
 * to ask. So a test posts such a device's subscription to `POST /api/push/subscriptions`
 * with the page's own request context, and the binary, started with
 * PUSH_ALLOW_HTTP_LOOPBACK=true (tests/e2e/global-setup.ts), sends to this service.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type Device, makeDevice } from "../../support/push-service";

export interface Delivery {
  device: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

export async function startPushReceiver() {
  const received: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === "string") headers.set(name, value);
      const body = new Uint8Array(new ArrayBuffer(Buffer.concat(chunks).length));
      body.set(Buffer.concat(chunks));
      received.push({ device: (request.url ?? "").split("/").pop() ?? "", headers, body });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  let seq = 0;
  return {
    received,
    /** A new browser subscription on this service. */
    device: () => makeDevice(`http://127.0.0.1:${port}/push/device-${++seq}`),
    /** What reached the device so far. */
    for: (device: Device) => received.filter((r) => device.subscription.endpoint.endsWith(`/${r.device}`)),
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
