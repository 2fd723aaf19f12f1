import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEEP_MS,
  idempotencyMessages,
  pruneIdempotencyKeys,
} from "../../src/server/http/idempotency";
import { raceOnOneKey } from "../support/idempotency";
import { messageClient } from "../support/messages";
import { unpostedPhotos } from "../support/posts";
import { secondCopy } from "../support/second-copy";
import { mailsTo, registerMember } from "../support/session";
import { validSubmission } from "../support/submissions";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Issue 19 §6: POST /api/posts, POST /api/conversations/{id}/messages and POST /api/schools
 * take an Idempotency-Key. A repeat with the same key from the same member (later, or sent
 * at once) answers the first result and creates nothing; another member's same key is
 * their own; without the header a write works as before.
 */
type Member = Awaited<ReturnType<typeof registerMember>>;
let t: TestApp;
let ann: Member;
let bob: Member;

beforeAll(async () => {
  t = await createTestApp({ SUBMISSION_DAILY_LIMIT: "3" });
  ann = await registerMember(t, "ann");
  bob = await registerMember(t, "bob");
});
afterAll(async () => {
  await t?.close();
});

const count = async (sql: string, args: (string | number)[] = []) =>
  Number((await t.app.context.database.client.execute({ sql, args })).rows[0]?.[0]);

function send(m: Member, path: string, body: unknown, key?: string, via: Pick<TestApp, "request"> = t) {
  return via.request(path, {
    method: "POST",
    headers: {
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
      cookie: m.cookie,
      ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }),
    },
    body: JSON.stringify(body),
  });
}

async function answers(responses: Promise<Response>[]) {
  const all = await Promise.all(responses);
  return Promise.all(all.map(async (r) => ({ status: r.status, body: (await r.json()) as { id: number } })));
}

const postsOf = (m: Member) => count("SELECT count(*) FROM posts WHERE user_id = ?", [m.id]);

describe("POST /api/posts with an Idempotency-Key", () => {
  it("a repeat answers the first post and adds none", async () => {
    const before = await postsOf(ann);
    const post = { content: "Open mat was great", visibility: "Public", photos: [] };
    const [first] = await answers([send(ann, "/api/posts", post, "post-1")]);
    const [again] = await answers([send(ann, "/api/posts", { ...post, content: "changed" }, "post-1")]);
    expect(first?.status).toBe(201);
    expect(again).toEqual(first as NonNullable<typeof first>);
    expect(await postsOf(ann)).toBe(before + 1);
  });

  it("six at once with one key: one post, six equal answers", async () => {
    const before = await postsOf(ann);
    const post = { content: "Sent six times", visibility: "Friends", photos: [] };
    const six = await answers(Array.from({ length: 6 }, () => send(ann, "/api/posts", post, "burst")));
    expect(six.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(six.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await postsOf(ann)).toBe(before + 1);
  });

  it("with photos, sent at once: one post with its photos, the others answer it rather than 400", async () => {
    const photos = await unpostedPhotos(t, ann.id, 2);
    const before = await postsOf(ann);
    const post = { content: "Two photos", visibility: "Public", photos };
    const four = await answers(Array.from({ length: 4 }, () => send(ann, "/api/posts", post, "with-photos")));
    expect(four.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(four.map((a) => a.body.id)).size).toBe(1);
    expect(await postsOf(ann)).toBe(before + 1);
    expect(await count("SELECT count(*) FROM post_photos WHERE post_id = ?", [four[0]?.body.id ?? 0])).toBe(
      2,
    );
  });

  it("another member's same key is their own; no key works as before", async () => {
    const post = { content: "Same key, two people", visibility: "Public", photos: [] };
    const [mine] = await answers([send(ann, "/api/posts", post, "shared-key")]);
    const [theirs] = await answers([send(bob, "/api/posts", post, "shared-key")]);
    expect(theirs?.status).toBe(201);
    expect(theirs?.body.id).not.toBe(mine?.body.id);
    const before = await postsOf(bob);
    await answers([send(bob, "/api/posts", post), send(bob, "/api/posts", post)]);
    expect(await postsOf(bob)).toBe(before + 2);
  });

  it("refuses a key that is empty, longer than 200 characters or not printable, and writes nothing", async () => {
    const before = await postsOf(ann);
    const post = { content: "Bad keys", visibility: "Public", photos: [] };
    for (const key of ["", "k".repeat(201), "tab\there"]) {
      const res = await send(ann, "/api/posts", post, key);
      expect([res.status, await res.json()]).toEqual([400, { message: idempotencyMessages.invalidKey }]);
    }
    expect((await send(ann, "/api/posts", post, "k".repeat(200))).status).toBe(201);
    expect(await postsOf(ann)).toBe(before + 1);
  });

  it("a repeat after the first request stopped before answering gets the post it created", async () => {
    const post = { content: "The copy died after the batch", visibility: "Public", photos: [] };
    const [first] = await answers([send(ann, "/api/posts", post, "lost-answer")]);
    // As if the copy had stopped between the batch and saving the answer.
    await t.app.context.database.client.execute(
      "UPDATE idempotency_keys SET status = NULL, response = NULL WHERE key = 'lost-answer'",
    );
    const [again] = await answers([send(ann, "/api/posts", post, "lost-answer")]);
    expect(again).toEqual(first as NonNullable<typeof first>);
  });

  it("two copies on one file, the same key to both at once: one post", async () => {
    const other = await secondCopy(t);
    try {
      const before = await postsOf(ann);
      const post = { content: "Through two copies", visibility: "Public", photos: [] };
      const both = await answers(
        Array.from({ length: 6 }, (_, i) => send(ann, "/api/posts", post, "two-copies", i % 2 ? other : t)),
      );
      expect(both.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(new Set(both.map((a) => a.body.id)).size).toBe(1);
      expect(await postsOf(ann)).toBe(before + 1);
    } finally {
      await other.close();
    }
  });
});

describe("the key's record under a race between copies", () => {
  it("both past the lookup: one row, both answers name it", async () => {
    const other = await secondCopy(t);
    try {
      const results = await raceOnOneKey(
        [t.app.context.database.db, other.app.context.database.db],
        ann.id,
        "race-1",
      );
      expect(results[0]?.id).toBe(results[1]?.id as number);
      expect(await count("SELECT count(*) FROM posts WHERE content LIKE 'race-1 %'")).toBe(1);
      expect(await count("SELECT count(*) FROM idempotency_keys WHERE key = 'race-1'")).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe("POST /api/conversations/{id}/messages with an Idempotency-Key", () => {
  it("a repeat and a burst answer the first message; one message, one event", async () => {
    const chat = messageClient(t);
    const conversation = await chat.open(ann, bob);
    const path = `/api/conversations/${conversation.id}/messages`;
    const [first] = await answers([send(ann, path, { body: "See you at 6" }, "msg-1")]);
    const rest = await answers([
      send(ann, path, { body: "See you at 6" }, "msg-1"),
      ...Array.from({ length: 4 }, () => send(ann, path, { body: "See you at 6" }, "msg-1")),
    ]);
    expect(first?.status).toBe(201);
    for (const a of rest) expect(a).toEqual(first as NonNullable<typeof first>);
    expect(
      await chat.count("SELECT count(*) FROM messages WHERE conversation_id = ?", [conversation.id]),
    ).toBe(1);
    expect(
      await chat.count("SELECT count(*) FROM domain_events WHERE type = 'message.sent' AND subject_id = ?", [
        conversation.id,
      ]),
    ).toBe(1);
    // The event names the message it is about, as without a key.
    const payload = await t.app.context.database.client.execute({
      sql: "SELECT payload FROM domain_events WHERE type = 'message.sent' AND subject_id = ?",
      args: [conversation.id],
    });
    expect(String(payload.rows[0]?.[0])).toContain(String(first?.body.id));
    // The key is the conversation's: the same key in the other direction is another message.
    const [reply] = await answers([send(bob, path, { body: "Deal" }, "msg-1")]);
    expect(reply?.status).toBe(201);
    expect(reply?.body.id).not.toBe(first?.body.id);
  });
});

describe("POST /api/schools with an Idempotency-Key", () => {
  const submission = { ...validSubmission, gym: "Retry Jiu-Jitsu", link: "", communityNotes: "" };

  it("repeats, also at once, answer the first submission: stored, counted and mailed once", async () => {
    const carl = await registerMember(t, "carl");
    const submissions = () =>
      count("SELECT count(*) FROM open_mat_submissions WHERE submitter_id = ?", [carl.id]);
    const burst = await answers(
      Array.from({ length: 5 }, () => send(carl, "/api/schools", submission, "sub-1")),
    );
    expect(burst.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(burst.map((a) => JSON.stringify(a.body))).size).toBe(1);
    const [later] = await answers([send(carl, "/api/schools", submission, "sub-1")]);
    expect(later).toEqual(burst[0] as NonNullable<(typeof burst)[0]>);
    expect(await submissions()).toBe(1);
    const received = (await mailsTo(t, carl.email)).filter((m) => m.subject.startsWith("We received"));
    expect(received).toHaveLength(1);
    // The daily limit (3) counted the key once: two more fit, the next is refused.
    const more = await answers(
      ["sub-2", "sub-3", "sub-4"].map((k) => send(carl, "/api/schools", submission, k)),
    );
    expect(more.map((a) => a.status).sort()).toEqual([201, 201, 429]);
    expect(await submissions()).toBe(3);
  });
});

describe("pruning", () => {
  it("keys older than a day are pruned by the jobs runner's prune", async () => {
    const total = await count("SELECT count(*) FROM idempotency_keys");
    expect(total).toBeGreaterThan(0);
    const db = t.app.context.database.db;
    expect(await pruneIdempotencyKeys(db, new Date(Date.now() + IDEMPOTENCY_KEEP_MS - 60_000), 1000)).toBe(0);
    expect(await pruneIdempotencyKeys(db, new Date(Date.now() + IDEMPOTENCY_KEEP_MS + 60_000), 1000)).toBe(
      total,
    );
    expect(await count("SELECT count(*) FROM idempotency_keys")).toBe(0);
  });
});
