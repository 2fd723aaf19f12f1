import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The `next` the sign-in island is rendered with. */
async function islandNext(path: string): Promise<unknown> {
  const response = await t.request(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  const match = /"mode":"signin","next":("(?:[^"\\]|\\.)*")/.exec(html);
  if (!match?.[1]) throw new Error(`no AuthForms props in ${path}`);
  return JSON.parse(match[1]);
}

describe("sign-in next on the server", () => {
  const attacks = [
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/%09/evil.example",
    "/%0A/evil.example",
    "/%5C/evil.example",
    "//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "%20/x",
  ];
  for (const next of attacks) {
    it(`/auth?next=${next} renders the form with /feed`, async () => {
      expect(await islandNext(`/auth?next=${next}`)).toBe("/feed");
      expect(await islandNext(`/login?next=${next}`)).toBe("/feed");
    });
  }

  it("keeps a page of this site", async () => {
    expect(await islandNext(`/auth?next=${encodeURIComponent("/schools/x?y=1#z")}`)).toBe("/schools/x?y=1#z");
    expect(await islandNext("/auth")).toBe("/feed");
  });

  it("a members-only page returns to itself after sign-in", async () => {
    expect(await islandNext("/messages?x=1")).toBe("/messages?x=1");
  });
});
