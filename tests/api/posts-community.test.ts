import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import type { PostView } from "../../src/common/schemas/posts";
import { postClient } from "../support/posts";
import { registerMember } from "../support/session";
import { createTestApp, type TestApp } from "../support/test-app";

/** A newcomer's empty feed shows the community's recent Public posts instead of nothing. */
describe("community posts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("GET /api/posts/community: others' Public posts only, newest first, never a blocked member's", async () => {
    const api = postClient(t);
    const newcomer = await registerMember(t, "newcomer");
    const ana = await registerMember(t, "ana");
    const bo = await registerMember(t, "bo");
    const first = await api.post(ana, { content: "Ana's public roll" });
    await api.post(ana, { content: "Ana's friends-only note", visibility: "Friends" });
    await api.post(ana, { content: "Ana's private note", visibility: "Private" });
    const second = await api.post(bo, { content: "Bo's public roll" });
    await api.post(newcomer, { content: "My own first post" });
    const res = await api.send("GET", "/api/posts/community?limit=10", newcomer);
    const seen = ((await res.json()) as PostView[]).map((p) => p.id);
    expect(seen.slice(0, 2)).toEqual([second.id, first.id]);
    const contents = (
      (await (await api.send("GET", "/api/posts/community", newcomer)).json()) as PostView[]
    ).map((p) => p.content);
    expect(contents).not.toContain("Ana's friends-only note");
    expect(contents).not.toContain("Ana's private note");
    expect(contents).not.toContain("My own first post");

    await api.block(bo, newcomer.id);
    const after = (
      (await (await api.send("GET", "/api/posts/community", newcomer)).json()) as PostView[]
    ).map((p) => p.id);
    expect(after).not.toContain(second.id);
    expect(after).toContain(first.id);
    expect((await api.send("GET", "/api/posts/community", undefined)).status).toBe(401);
    expect((await api.send("GET", "/api/posts/community?beforeId=abc", newcomer)).status).toBe(400);
  });

  it("/feed for a newcomer holds the community section; a member with a feed does not get it", async () => {
    const api = postClient(t);
    const author = await registerMember(t, "author");
    await api.post(author, { content: "Open mat tonight at the garage gym" });
    const newcomer = await registerMember(t, "fresh");
    const page = await (await t.request("/feed", { headers: { cookie: newcomer.cookie } })).text();
    expect(page).toContain("From the OpenMat community");
    expect(page).toContain("Open mat tonight at the garage gym");

    await api.post(newcomer, { content: "Hello, I train in Austin" });
    const own = await (await t.request("/feed", { headers: { cookie: newcomer.cookie } })).text();
    expect(own).not.toContain("From the OpenMat community");
  });
});
