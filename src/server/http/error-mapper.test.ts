import { describe, expect, it } from "bun:test";
import { Elysia } from "elysia";
import * as v from "valibot";
import { createLogger } from "../log";
import { errorMapper } from "./error-mapper";
import { HttpError } from "./errors";
import { attachRequestMeta, createRequestMeta } from "./request-meta";

function appWithLog() {
  const lines: string[] = [];
  const app = new Elysia()
    .use(errorMapper(createLogger("info", (line) => lines.push(line))))
    .get("/boom", () => {
      throw new Error("database password is hunter2");
    })
    .get("/teapot", () => {
      throw new HttpError(418, "Short and stout", { extra: 1 }, { "x-why": "test" });
    })
    .post("/named", ({ body }) => body, {
      body: v.object({ name: v.pipe(v.string(), v.minLength(2, "Name is too short")) }),
    });
  return { app, lines };
}

describe("error mapper", () => {
  it("answers 500 with a plain message and logs the cause with the request id", async () => {
    const { app, lines } = appWithLog();
    const meta = createRequestMeta();
    const res = await app.handle(attachRequestMeta(new Request("http://localhost/boom"), meta));
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ message: "Something went wrong. Please try again." });
    const log = JSON.parse(lines[0] ?? "{}");
    expect(log).toMatchObject({ level: "error", msg: "unexpected error", reqId: meta.id, path: "/boom" });
    expect(log.error).toContain("hunter2");
  });

  it("passes an HttpError's status, message, body and headers through", async () => {
    const res = await appWithLog().app.handle(new Request("http://localhost/teapot"));
    expect(res.status).toBe(418);
    expect(res.headers.get("x-why")).toBe("test");
    expect(await res.json()).toEqual({ message: "Short and stout", extra: 1 });
  });

  it("turns validation failures into 400 with the schema's message and the issues", async () => {
    const res = await appWithLog().app.handle(
      new Request("http://localhost/named", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "x" }),
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Name is too short",
      issues: [{ path: "name", message: "Name is too short" }],
    });
  });
});
