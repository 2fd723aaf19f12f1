import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { withPipeline } from "../../src/server/http/pipeline";
import { serverErrorResponse } from "../../src/server/http/security-headers";
import { silentLogger } from "../../src/server/log";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../support/test-app";

/** The headers every answer carries, whoever makes it (see src/server/http/security-headers.ts). */
const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
];

function expectSecurityHeaders(response: Response, label: string) {
  for (const name of SECURITY_HEADERS) {
    if (!response.headers.has(name))
      throw new Error(`${label}: no ${name} header (status ${response.status})`);
  }
}

/** URLs a client can send that once answered 500 (or worse); each must get a 4xx or less. */
const ODD_URLS = [
  "/api/schools?limit=1.5",
  "/api/schools?offset=.5",
  "/api/schools?limit=1e400",
  "/api/schools?offset=-1",
  "/api/schools?limit=NaN",
  "/api/schools?limit=Infinity",
  "/api/schools?limit=0x10",
  "/api/schools?limit=99999999999999999999999",
  "/api/schools?lat=NaN&lng=1",
  "/api/schools?lat=1e999&lng=-1e999",
  "/api/schools?__proto__=1&constructor=2",
  "/api/schools/nearby?lat=30&lng=-97&limit=2.5",
  "/api/schools/nearby?lat=30&lng=-97&limit=-5",
  "/api/schools/radius?lat=30&lng=-97&radius=5e-324",
  "/api/schools/radius?lat=30&lng=-97&radius=NaN",
  "/api/schools/open?when=__proto__",
  "/api/schools/city/%ZZ",
  "/api/schools/city/__proto__",
  "/api/schools/99999999999999999999",
  "/api/schools/1.5",
  "/api/schools/-1",
  "/api/suggestions?query=%ZZ",
  "/assets/__proto__",
  "/assets/constructor",
  "/assets/toString",
  "/assets/hasOwnProperty",
  "/basemap/fonts/__proto__/0-255.pbf",
  "/basemap/fonts/constructor/0-255.pbf",
  "/basemap/fonts/%ZZ/0-255.pbf",
  "/basemap/fonts/Noto%20Sans%20Regular/99999999999999999999-1.pbf",
  "/schools/%ZZ",
  "/schools/%ZZ.ics",
  "/schools/__proto__.ics",
  "/schools/constructor",
  "/schools/.ics",
  "/schools/a%00b.ics",
  `/schools/${"x".repeat(5000)}.ics`,
  "/%",
  "/%ZZ",
  "/api/%ZZ",
  "/auth?next=%ZZ",
  `/${"a".repeat(20_000)}`,
  `/api/${"a/".repeat(5000)}`,
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("odd URLs through the whole pipeline", () => {
  for (const url of ODD_URLS) {
    it(`${url.slice(0, 70)} answers below 500 with the security headers`, async () => {
      const response = await t.request(url);
      expect(response.status).toBeLessThan(500);
      expectSecurityHeaders(response, url);
      await response.arrayBuffer();
    });
  }

  it("a fractional limit or offset is a 400 that says a whole number is needed", async () => {
    for (const [url, message] of [
      ["/api/schools?limit=1.5", "limit must be a whole number between 1 and 200"],
      ["/api/schools?offset=.5", "offset must be a whole number from 0 to 1000000"],
      ["/api/schools/nearby?lat=30&lng=-97&limit=2.5", "limit must be a whole number between 1 and 100"],
    ] as const) {
      const response = await t.request(url);
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
    }
    expect((await t.request("/api/schools?limit=2&offset=0")).status).toBe(200);
  });

  it("a school slug that is badly encoded or too long is the 404 page", async () => {
    for (const url of [
      "/schools/%ZZ",
      "/schools/%ZZ.ics",
      `/schools/${"x".repeat(500)}`,
      "/schools/__proto__",
    ]) {
      const response = await t.request(url);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("text/html");
    }
  });

  it("object keys are not asset or font names", async () => {
    for (const url of ["/assets/__proto__", "/assets/constructor", "/basemap/fonts/__proto__/0-255.pbf"]) {
      const response = await t.request(url);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found" });
    }
  });
});

describe("bodies a client can get wrong", () => {
  const bodies: [string, RequestInit][] = [
    ["bad JSON", { body: "{", headers: { "content-type": "application/json" } }],
    ["JSON null", { body: "null", headers: { "content-type": "application/json" } }],
    ["a JSON number", { body: "1e999", headers: { "content-type": "application/json" } }],
    ["a JSON array", { body: "[]", headers: { "content-type": "application/json" } }],
    ["a JSON string", { body: '"x"', headers: { "content-type": "application/json" } }],
    ["__proto__ keys", { body: '{"__proto__":{"x":1}}', headers: { "content-type": "application/json" } }],
    ["form data", { body: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } }],
    ["text/plain", { body: "{}", headers: { "content-type": "text/plain" } }],
    ["no content type", { body: "{}" }],
  ];
  const endpoints = ["/api/auth/login", "/api/auth/register", "/api/schools", "/api/feedback"];
  for (const endpoint of endpoints) {
    for (const [label, init] of bodies) {
      it(`POST ${endpoint} with ${label} answers below 500`, async () => {
        const response = await t.request(endpoint, {
          method: "POST",
          ...init,
          headers: { "sec-fetch-site": "same-origin", ...(init.headers as Record<string, string>) },
        });
        expect(response.status).toBeLessThan(500);
        expectSecurityHeaders(response, `${endpoint} ${label}`);
      });
    }
  }
});

describe("answers made when something fails", () => {
  const pipeline = (handler: () => Response | Promise<Response>) =>
    withPipeline(handler, { publicUrl: TEST_ORIGIN, logger: silentLogger, trustProxy: false });

  it("an exception in a handler is a JSON 500 with the headers", async () => {
    const response = await pipeline(() => {
      throw new Error("boom");
    })(new Request(`${TEST_ORIGIN}/x`));
    expect(response.status).toBe(500);
    expectSecurityHeaders(response, "thrown");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(await response.json()).toEqual({ message: "Something went wrong. Please try again." });
  });

  it("a body that fails while it is compressed is a JSON 500 with the headers", async () => {
    const missing = Bun.file(join(t.dir, "no-such-file.json"));
    const response = await pipeline(
      () => new Response(missing, { headers: { "content-type": "application/json" } }),
    )(new Request(`${TEST_ORIGIN}/x`, { headers: { "accept-encoding": "gzip" } }));
    expect(response.status).toBe(500);
    expectSecurityHeaders(response, "failed body");
    expect(await response.json()).toEqual({ message: "Something went wrong. Please try again." });
  });

  it("a response with immutable headers still gets them", async () => {
    const response = await pipeline(() => Response.redirect(`${TEST_ORIGIN}/feed`, 302))(
      new Request(`${TEST_ORIGIN}/x`),
    );
    expect(response.status).toBe(302);
    expectSecurityHeaders(response, "redirect");
  });

  it("the HTTP server's own last resort carries them too", async () => {
    const response = serverErrorResponse("https://openmat.example");
    expect(response.status).toBe(500);
    expectSecurityHeaders(response, "server error");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    expect(await response.json()).toEqual({ message: "Something went wrong. Please try again." });
  });
});

describe("the real HTTP server", () => {
  const main = join(import.meta.dir, "../../src/server/main.ts");
  let server: ReturnType<typeof Bun.spawn> | undefined;
  let origin = "";

  beforeAll(async () => {
    server = Bun.spawn([process.execPath, main, "serve"], {
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        NODE_ENV: "test",
        DEMO_DATA: "false",
        LOG_LEVEL: "info",
        DATABASE_URL: `file:${join(t.dir, "served.db")}`,
      },
      stdout: "pipe",
      stderr: "inherit",
    });
    const reader = (server.stdout as ReadableStream<Uint8Array>).getReader();
    let text = "";
    const decoder = new TextDecoder();
    while (!origin) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`server did not start: ${text}`);
      text += decoder.decode(value);
      const port = /"msg":"listening","url":"http:\/\/[^:]+:(\d+)"/.exec(text)?.[1];
      if (port) origin = `http://127.0.0.1:${port}`;
    }
    reader.releaseLock();
    void (server.stdout as ReadableStream<Uint8Array>).pipeTo(new WritableStream());
  }, 20_000);

  afterAll(async () => {
    server?.kill("SIGTERM");
    await server?.exited;
  });

  it("answers every odd URL below 500 with the security headers", async () => {
    for (const url of ODD_URLS) {
      const response = await fetch(`${origin}${url}`, { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status === 414 || response.status === 431) continue; // refused by Bun before any handler
      expect(`${url.slice(0, 60)} ${response.status}`).toBe(
        `${url.slice(0, 60)} ${Math.min(response.status, 499)}`,
      );
      expectSecurityHeaders(response, url);
    }
  }, 30_000);

  it("reads a JSON body up to 1 MiB from the socket, with or without Content-Length, and refuses more", async () => {
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      fetch(`${origin}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", ...headers },
        body,
      });
    const login = JSON.stringify({ identifier: "nobody@example.com", password: "wrong password" });
    const declared = await post(login);
    expect(declared.status).toBe(401);
    expect((await declared.json()).message).toBe("Invalid credentials");
    const chunked = await post(new Blob([login]).stream());
    expect(chunked.status).toBe(401);
    const big = JSON.stringify({ identifier: "x".repeat(1024 * 1024 + 10), password: "p" });
    for (const body of [big, new Blob([big]).stream()]) {
      const response = await post(body);
      expect(response.status).toBe(413);
      expect((await response.json()).message).toBe("Request body is too large (limit 1 MiB)");
    }
    const malformed = await post("{not json");
    expect(malformed.status).toBe(400);
  }, 20_000);
});
