import { describe, expect, it } from "bun:test";
import zlib from "node:zlib";
import { crc32Combine } from "./crc32-combine";

const bytesOf = (length: number, seed: number) => {
  const out = new Uint8Array(length);
  let s = seed;
  for (let i = 0; i < length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
};

describe("crc32Combine", () => {
  it("is the CRC-32 of the two byte strings joined, for lengths from 0 to 100 KB", () => {
    for (const [a, b] of [
      [0, 0],
      [0, 7],
      [5, 0],
      [1, 1],
      [13, 300],
      [4096, 65_535],
      [70_000, 102_400],
    ] as const) {
      const first = bytesOf(a, a + 1);
      const second = bytesOf(b, b + 2);
      const joined = new Uint8Array(a + b);
      joined.set(first);
      joined.set(second, a);
      expect(crc32Combine(zlib.crc32(first), zlib.crc32(second), b)).toBe(zlib.crc32(joined));
    }
  });

  it("chains over many parts as zlib.crc32 does over their concatenation", () => {
    const parts = [3, 0, 1000, 17, 20_000, 1].map((n, i) => bytesOf(n, i + 9));
    let crc = 0;
    let continued = 0;
    for (const part of parts) {
      crc = crc32Combine(crc, zlib.crc32(part), part.byteLength);
      continued = zlib.crc32(part, continued);
    }
    expect(crc).toBe(continued);
  });
});
