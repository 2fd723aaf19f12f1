/**
 * A push service on this machine for tests (RFC 8030), and the browser's side of Web Push:
 * each device makes a P-256 key pair and an auth secret as a browser does, and what the
 * service receives is decrypted with them (RFC 8291, aes128gcm, with WebCrypto: written
 * apart from the library the server uses) and its VAPID JWT checked (RFC 8292, ES256).
 * Nothing leaves the machine.
 */
import type { Server } from "bun";

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const fromB64u = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));
const text = new TextEncoder();

export interface Device {
  /** The subscription as `PushSubscription.toJSON()` gives it. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt(body: Uint8Array<ArrayBuffer>): Promise<unknown>;
}

export interface Received {
  device: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

async function hkdf(salt: BufferSource, ikm: BufferSource, info: BufferSource, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8),
  );
}

/** A browser's keys for one push endpoint. */
export async function makeDevice(endpoint: string): Promise<Device> {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const authSecret = crypto.getRandomValues(new Uint8Array(16));
  return {
    subscription: { endpoint, keys: { p256dh: b64u(publicKey), auth: b64u(authSecret) } },
    async decrypt(body) {
      // RFC 8188 header: salt (16), record size (4), key id length (1), key id (the sender's key).
      const salt = body.slice(0, 16);
      const idLength = body[20] ?? 0;
      const senderKey = body.slice(21, 21 + idLength);
      const sealed = body.slice(21 + idLength);
      const sender = await crypto.subtle.importKey(
        "raw",
        senderKey,
        { name: "ECDH", namedCurve: "P-256" },
        false,
        [],
      );
      const shared = new Uint8Array(
        await crypto.subtle.deriveBits({ name: "ECDH", public: sender }, pair.privateKey, 256),
      );
      // RFC 8291 §3.4: the input keying material from the auth secret and both public keys.
      const info = new Uint8Array([...text.encode("WebPush: info\0"), ...publicKey, ...senderKey]);
      const ikm = await hkdf(authSecret, shared, info, 32);
      const cek = await hkdf(salt, ikm, text.encode("Content-Encoding: aes128gcm\0"), 16);
      const nonce = await hkdf(salt, ikm, text.encode("Content-Encoding: nonce\0"), 12);
      const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
      const plain = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, sealed));
      // The last record ends with the delimiter 2, then any padding of zeros.
      let end = plain.length - 1;
      while (end > 0 && plain[end] === 0) end--;
      if (plain[end] !== 2) throw new Error("not a last record");
      return JSON.parse(new TextDecoder().decode(plain.slice(0, end)));
    },
  };
}

/**
 * Checks a request's `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): the JWT is signed
 * with ES256 by that key, for the endpoint's origin, not expired and at most a day ahead.
 * Answers the key and the claims.
 */
export async function verifyVapid(headers: Headers, endpoint: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.get("authorization") ?? "");
  if (!match?.[1] || !match[2]) throw new Error("no VAPID authorization");
  const [header = "", claims = "", signature = ""] = match[1].split(".");
  const key = await crypto.subtle.importKey(
    "raw",
    fromB64u(match[2]),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    fromB64u(signature),
    text.encode(`${header}.${claims}`),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  const jwtHeader = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg: string };
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (jwtHeader.alg !== "ES256") throw new Error(`alg ${jwtHeader.alg}`);
  if (body.aud !== new URL(endpoint).origin) throw new Error(`aud ${body.aud}`);
  const now = Date.now() / 1000;
  if (!(body.exp > now && body.exp <= now + 24 * 3600)) throw new Error(`exp ${body.exp}`);
  return { publicKey: match[2], claims: body };
}

/** The local push service: every request is kept; each device's next answers can be set. */
export async function startPushService() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const server: Server<undefined> = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const device = new URL(request.url).pathname.split("/").pop() ?? "";
      received.push({ device, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
      const status = answers.get(device)?.shift() ?? 201;
      return new Response(null, { status });
    },
  });
  let seq = 0;
  return {
    received,
    /** A new browser subscription on this service. */
    device: () => makeDevice(`http://127.0.0.1:${server.port}/push/device-${++seq}`),
    /** The statuses the device's next requests get (201 after them). */
    answer: (device: Device, ...statuses: number[]) =>
      answers.set(device.subscription.endpoint.split("/").pop() ?? "", statuses),
    for: (device: Device) => received.filter((r) => device.subscription.endpoint.endsWith(`/${r.device}`)),
    stop: () => server.stop(true),
  };
}
