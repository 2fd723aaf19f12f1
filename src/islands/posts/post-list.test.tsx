import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { act } from "react";
import { RATE_LIMIT_FALLBACK } from "../../common/rate-limit-body";
import { LINKED_POST_HIGHLIGHT_MS, postMessages } from "../../common/schemas/posts";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { NewsfeedView } from "./NewsfeedView";
import { PostPhotos, photoLayoutClass } from "./PostPhotos";
import { buttonNamed, type Call, deferred, mockFetch, pageOf, postView, toastTexts } from "./test-fixtures";

withDom();

const viewer = { id: 7, username: "ana", profilePhoto: null };
let calls: Call[] = [];
let observers: { callback: IntersectionObserverCallback; el?: Element }[] = [];

/** A stand-in IntersectionObserver the test fires by hand (happy-dom lays nothing out). */
class FakeObserver {
  private entry: { callback: IntersectionObserverCallback; el?: Element };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.el = el;
  }
  disconnect() {
    observers = observers.filter((o) => o !== this.entry);
  }
}

beforeEach(() => {
  calls = mockFetch({});
  observers = [];
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  history.replaceState(null, "", "/feed");
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts, dialog")) el.remove();
});

const button = buttonNamed;

describe("post photos", () => {
  it("one is full width, otherwise two columns, three with the first spanning both", async () => {
    expect([1, 2, 3, 4].map(photoLayoutClass)).toEqual([
      "post-photos post-photos-1",
      "post-photos post-photos-2",
      "post-photos post-photos-3",
      "post-photos post-photos-4",
    ]);
    const { container, unmount } = await render(
      <PostPhotos photos={["/photos/p-a.webp", "/photos/p-b.webp", "/photos/p-c.webp"]} username="ana" />,
    );
    const imgs = [...container.querySelectorAll("img")];
    expect(container.firstElementChild?.className).toBe("post-photos post-photos-3");
    expect(imgs.map((i) => i.getAttribute("loading"))).toEqual(["lazy", "lazy", "lazy"]);
    expect(imgs[0]?.alt).toBe("1 of 3, posted by @ana");
    await unmount();
  });
});

describe("post card", () => {
  it("tags Private and Friends but not Public, links the author and a check-in's school", async () => {
    const posts = [
      postView(3, { visibility: "Private" }),
      postView(2, { visibility: "Friends", user: { id: 9, username: "bo", profilePhoto: null } }),
      postView(1, {
        kind: "checkin",
        content: "@ana checked in at Gracie Barra, Austin",
        checkin: {
          id: 4,
          school: { id: 5, gym: "Gracie Barra", city: "Austin", slug: "gracie-barra-austin" },
        },
      }),
    ];
    const { container, unmount } = await render(<NewsfeedView viewer={viewer} posts={posts} />);
    const cards = [...container.querySelectorAll("article")];
    expect(cards.map((c) => c.querySelector(".tag")?.textContent ?? null)).toEqual([
      "Private",
      "Friends",
      null,
    ]);
    expect(cards[1]?.querySelector(".post-author")?.getAttribute("href")).toBe("/users/9");
    expect(cards[2]?.classList.contains("post-activity")).toBe(true);
    expect(cards[2]?.querySelector(".post-content a")?.getAttribute("href")).toBe(
      "/schools/gracie-barra-austin",
    );
    expect(cards[2]?.querySelector(".post-content")?.textContent).toContain(
      "checked in at Gracie Barra, Austin",
    );
    // Delete only on the viewer's own posts.
    expect(cards.map((c) => !!button(c, "Delete post"))).toEqual([true, false, true]);
    await unmount();
  });
});

describe("like", () => {
  it("flips at once, and rolls back with 'Like failed' when the server refuses", async () => {
    const answer = deferred<Response>();
    calls = mockFetch({ "POST /api/posts/1/like": () => answer.promise });
    const { container, unmount } = await render(
      <NewsfeedView viewer={viewer} posts={[postView(1, { likeCount: 2 })]} />,
    );
    const like = button(container, "Like") as HTMLButtonElement;
    const count = () => container.querySelector(".like-count")?.textContent;
    expect(like.getAttribute("aria-pressed")).toBe("false");
    await click(like);
    await wait(10);
    expect(like.getAttribute("aria-pressed")).toBe("true");
    expect(count()).toBe("3 likes");
    answer.resolve(new Response("", { status: 500 }));
    await wait(30);
    expect(like.getAttribute("aria-pressed")).toBe("false");
    expect(count()).toBe("2 likes");
    expect(toastTexts()).toEqual([postMessages.likeFailed]);
    await unmount();
  });

  it("past the member's limit, rolls back and says the spec's rate-limit message under 'Like failed'", async () => {
    calls = mockFetch({
      "POST /api/posts/1/like": () =>
        Response.json(
          { message: RATE_LIMIT_FALLBACK.message, retryAfter: 60, limit: 300, remaining: 0 },
          { status: 429 },
        ),
    });
    const { container, unmount } = await render(
      <NewsfeedView viewer={viewer} posts={[postView(1, { likeCount: 2 })]} />,
    );
    await click(button(container, "Like") as HTMLButtonElement);
    await wait(30);
    expect(container.querySelector(".like-count")?.textContent).toBe("2 likes");
    expect(toastTexts()).toEqual([`${postMessages.likeFailed}${RATE_LIMIT_FALLBACK.message}`]);
    await unmount();
  });

  it("asks to log in on a 401, and keeps the server's count on success", async () => {
    calls = mockFetch({ "POST /api/posts/1/like": () => Response.json({ message: "no" }, { status: 401 }) });
    const { container, unmount } = await render(<NewsfeedView viewer={viewer} posts={[postView(1)]} />);
    const like = button(container, "Like") as HTMLButtonElement;
    await click(like);
    await wait(30);
    expect(toastTexts()).toEqual([postMessages.likeSignIn]);
    calls = mockFetch({
      "POST /api/posts/1/like": () => Response.json({ postId: 1, likeCount: 5, isLikedByCurrentUser: true }),
    });
    await click(like);
    await wait(30);
    expect(like.getAttribute("aria-pressed")).toBe("true");
    expect(container.querySelector(".like-count")?.textContent).toBe("5 likes");
    await unmount();
  });
});

describe("delete", () => {
  it("asks first, says 'Failed to delete post' on failure, and removes the post on success", async () => {
    calls = mockFetch({ "DELETE /api/posts/2": () => new Response("", { status: 500 }) });
    const { container, unmount } = await render(<NewsfeedView viewer={viewer} posts={pageOf(3, 3)} />);
    const open = () => click(button(container.querySelector("#post-2") as Element, "Delete post") as Element);
    await open();
    const dialog = () => document.querySelector("dialog") as HTMLDialogElement;
    expect(dialog().querySelector("h2")?.textContent).toBe("Delete this post?");
    expect(calls).toEqual([]);
    await click(button(dialog(), "Delete") as Element);
    await wait(30);
    expect(toastTexts()).toEqual([postMessages.deleteFailed]);
    expect(document.querySelector("dialog")).toBeNull();
    expect(container.querySelectorAll("article")).toHaveLength(3);
    calls = mockFetch({ "DELETE /api/posts/2": () => new Response(null, { status: 204 }) });
    await open();
    await click(button(dialog(), "Delete") as Element);
    await wait(30);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(["DELETE /api/posts/2"]);
    expect([...container.querySelectorAll("article")].map((a) => a.id)).toEqual(["post-3", "post-1"]);
    expect(document.activeElement === container.querySelector("#post-1")).toBe(true);
    await unmount();
  });
});

describe("paging", () => {
  it("a first page under 10 posts ends the feed with 'No more new posts'", async () => {
    const { container, unmount } = await render(<NewsfeedView viewer={viewer} posts={pageOf(3, 3)} />);
    expect(container.textContent).toContain(postMessages.noMorePosts);
    expect(button(container, "Load more")).toBeUndefined();
    expect(calls).toEqual([]);
    await unmount();
  });

  it("loads the next 10 below the last post when the bottom shows, until a short page", async () => {
    calls = mockFetch({
      "GET /api/posts/feed?limit=10&beforeId=11": () => Response.json(pageOf(10, 10)),
      "GET /api/posts/feed?limit=10&beforeId=1": () => Response.json([]),
    });
    const { container, unmount } = await render(<NewsfeedView viewer={viewer} posts={pageOf(20, 10)} />);
    expect(container.textContent).not.toContain(postMessages.noMorePosts);
    expect(button(container, "Load more")).toBeDefined();
    const fire = () =>
      act(async () => {
        for (const o of observers) {
          o.callback(
            [{ isIntersecting: true, target: o.el } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
        }
        await new Promise((done) => setTimeout(done, 30));
      });
    await fire();
    await wait(20);
    expect(container.querySelectorAll("article")).toHaveLength(20);
    // The keyboard's way to the same page.
    await click(button(container, "Load more") as HTMLButtonElement);
    await wait(30);
    expect(calls.map((c) => c.url)).toEqual([
      "/api/posts/feed?limit=10&beforeId=11",
      "/api/posts/feed?limit=10&beforeId=1",
    ]);
    expect(container.textContent).toContain(postMessages.noMorePosts);
    expect(button(container, "Load more")).toBeUndefined();
    await unmount();
  });
});

describe("?postId=", () => {
  it("highlights a loaded post for 3 s, then clears the parameter", async () => {
    history.replaceState(null, "", "/feed?postId=2&x=1");
    const { container, unmount } = await render(<NewsfeedView viewer={viewer} posts={pageOf(3, 3)} />);
    await wait(20);
    const card = container.querySelector("#post-2") as HTMLElement;
    expect(card.classList.contains("post-highlight")).toBe(true);
    expect(document.activeElement === card).toBe(true);
    expect(location.search).toBe("?postId=2&x=1");
    await wait(LINKED_POST_HIGHLIGHT_MS + 50);
    expect(card.classList.contains("post-highlight")).toBe(false);
    expect(location.search).toBe("?x=1");
    await unmount();
  });

  it("says 'Loading post...' and loads further pages until the post shows", async () => {
    history.replaceState(null, "", "/feed?postId=5");
    calls = mockFetch({ "GET /api/posts/feed?limit=10&beforeId=11": () => Response.json(pageOf(10, 10)) });
    const { container, unmount } = await render(<NewsfeedView viewer={viewer} posts={pageOf(20, 10)} />);
    await wait(40);
    expect(toastTexts()).toEqual([postMessages.loadingPost]);
    expect(calls.map((c) => c.url)).toEqual(["/api/posts/feed?limit=10&beforeId=11"]);
    expect(container.querySelector("#post-5")?.classList.contains("post-highlight")).toBe(true);
    await unmount();
  });
});
