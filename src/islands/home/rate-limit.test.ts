import { describe, expect, it } from "bun:test";
import { readRateLimit } from "./rate-limit";

describe("readRateLimit", () => {
  it("reads the body first", () => {
    const body = JSON.stringify({ message: "Daily limit", retryAfter: 120, limit: 15, remaining: 0 });
    expect(readRateLimit(new Headers({ "retry-after": "9" }), body)).toEqual({
      message: "Daily limit",
      retryAfter: 120,
      limit: 15,
      remaining: 0,
    });
  });

  it("falls back to the headers and remaining 0", () => {
    const headers = new Headers({ "retry-after": "600", "x-ratelimit-limit": "5" });
    expect(readRateLimit(headers, "{}")).toEqual({
      message: "Too many requests. Please try again later.",
      retryAfter: 600,
      limit: 5,
      remaining: 0,
    });
  });

  it("uses the fixed fallback when the body cannot be read", () => {
    expect(readRateLimit(new Headers({ "retry-after": "600" }), "<html>")).toEqual({
      message: "Too many requests. Please try again later.",
      retryAfter: 3600,
      limit: 12,
      remaining: 0,
    });
  });
});
