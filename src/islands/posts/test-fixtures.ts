import { afterEach, beforeEach, mock } from "bun:test";
import type { PostView } from "../../common/schemas/posts";

/** A post as the API answers it; `over` replaces any field. */
export function postView(id: number, over: Partial<PostView> = {}): PostView {
  return {
    id,
    kind: "post",
    content: `Post number ${id}`,
    photos: [],
    visibility: "Public",
    createdAt: new Date(Date.UTC(2026, 2, 1, 12, 0) - id * 60_000).toISOString(),
    likeCount: 0,
    isLikedByCurrentUser: false,
    user: { id: 7, username: "ana", profilePhoto: null },
    checkin: null,
    ...over,
  };
}

/** Posts `from` down to `from - count + 1`, newest (highest id) first, as a feed page is. */
export const pageOf = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => postView(from - i));

export interface Call {
  method: string;
  /** Path and query. */
  url: string;
  body: unknown;
}

/**
 * Replaces fetch: answers by "METHOD path" (query left out), or by "METHOD path?query" when
 * one is given; anything else is a 404. Returns the calls made.
 */
export function mockFetch(answers: Record<string, () => Response | Promise<Response>>): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = mock(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost:3000");
    const method = init.method ?? "GET";
    const body =
      typeof init.body === "string"
        ? JSON.parse(init.body)
        : init.body instanceof Blob
          ? "<file>"
          : undefined;
    calls.push({ method, url: url.pathname + url.search, body });
    const answer =
      answers[`${method} ${url.pathname}${url.search}`] ??
      answers[`${method} ${url.pathname}`] ??
      (() => new Response("", { status: 404, statusText: "Not Found" }));
    return answer();
  }) as unknown as typeof fetch;
  return calls;
}

/** A promise with its resolve, to hold an answer back while the test looks at the pending state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The toasts' texts, without the close button's '×'. */
export const toastTexts = () =>
  [...document.querySelectorAll(".toast")].map((t) => t.textContent?.replace("×", "") ?? "");

/** A control's name as a screen reader reads it: aria-label, else its text without hidden parts. */
export function accessibleName(el: Element): string {
  const label = el.getAttribute("aria-label");
  if (label) return label;
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** The first button under `root` whose accessible name is `name`. */
export const buttonNamed = (root: ParentNode, name: string) =>
  [...root.querySelectorAll("button")].find((b) => accessibleName(b) === name);

/** A JSON answer for mockFetch. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * Every test of the file starts with a fresh mocked fetch (its calls in `.calls`) and ends
 * with no toast or dialog left in the document.
 */
export function withMockedFetch(): { calls: Call[] } {
  const state = { calls: [] as Call[] };
  beforeEach(() => {
    state.calls = mockFetch({});
  });
  afterEach(() => {
    for (const el of document.querySelectorAll("#toasts, dialog")) el.remove();
  });
  return state;
}
