import { afterEach, describe, expect, it } from "bun:test";
import { IDEMPOTENCY_HEADER } from "../../common/idempotency";
import { sendMessage } from "../messages/queries/messages";
import { createPost } from "../posts/queries/posts";
import { submitOpenMat } from "../submit/submit-api";
import { idempotencyKeyFor } from "./idempotency";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Answers each call with the next status; records each call's Idempotency-Key. */
function answering(...statuses: number[]) {
  const keys: (string | null)[] = [];
  globalThis.fetch = (async (_input: string | URL | Request, init: RequestInit = {}) => {
    keys.push(new Headers(init.headers).get(IDEMPOTENCY_HEADER));
    const status = statuses.shift() ?? 200;
    if (status === 0) throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify({ id: 1, message: "x" }), { status });
  }) as typeof fetch;
  return keys;
}

describe("Idempotency-Key per user action", () => {
  it("the same payload keeps its key until it goes through; another payload or scope gets another", () => {
    const a = idempotencyKeyFor("test", { text: "hi" });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(idempotencyKeyFor("test", { text: "hi" })).toBe(a);
    expect(idempotencyKeyFor("other", { text: "hi" })).not.toBe(a);
    expect(idempotencyKeyFor("test", { text: "hi!" })).not.toBe(a);
  });

  it("a message retried after a failure sends the same key; the next message a new one", async () => {
    const keys = answering(0, 201, 201);
    await expect(sendMessage(5, "See you at 6")).rejects.toThrow();
    await sendMessage(5, "See you at 6");
    await sendMessage(5, "See you at 6");
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0] as string);
    // Sent and answered: the same words again are a new message.
    expect(keys[2]).not.toBe(keys[0] as string);
  });

  it("a post and a submission retried after a 503 reuse their key", async () => {
    const keys = answering(503, 201, 500, 201);
    const post = { content: "Open mat tonight", visibility: "Public" as const, files: [] };
    await expect(createPost(post)).rejects.toThrow();
    await createPost(post);
    const form = {
      gym: "Retry BJJ",
      address: "500 W 2nd St, Austin, TX 78701",
      dayAndTime: "Saturday 10am",
      monday: false,
      tuesday: false,
      wednesday: false,
      thursday: false,
      friday: false,
      saturday: true,
      sunday: false,
    };
    await expect(submitOpenMat(form)).rejects.toThrow();
    await submitOpenMat(form);
    expect(keys[1]).toBe(keys[0] as string);
    expect(keys[3]).toBe(keys[2] as string);
    expect(keys[2]).not.toBe(keys[0] as string);
  });
});
