import { afterEach, beforeEach, describe, expect, it, mock } from "bun:test";
import type { UserSearchResult } from "../../common/schemas/users";
import { withDom } from "../home/test-dom";
import { render, typeInto, wait } from "../home/test-render";
import { USER_SEARCH_DEBOUNCE_MS, UserSearchView } from "./UserSearchView";

withDom();

const me: UserSearchResult = { id: 7, username: "marcelo", profilePhoto: null, isFollowing: false };
const other: UserSearchResult = {
  id: 8,
  username: "marcus",
  profilePhoto: "/photos/abc-512.webp",
  isFollowing: true,
};

let asked: string[] = [];
/** When each request was sent (performance.now()), beside `asked`. */
let askedAt: number[] = [];
let answer: (q: string) => Response = () => Response.json([me, other]);

beforeEach(() => {
  asked = [];
  askedAt = [];
  history.replaceState(null, "", "/users");
  globalThis.fetch = mock(async (url: string | URL | Request) => {
    const parsed = new URL(String(url), "http://localhost");
    expect(parsed.pathname).toBe("/api/users/search");
    const q = parsed.searchParams.get("q") ?? "";
    asked.push(q);
    askedAt.push(performance.now());
    return answer(q);
  }) as unknown as typeof fetch;
});
afterEach(() => {
  answer = () => Response.json([me, other]);
});

async function setup(props: Partial<Parameters<typeof UserSearchView>[0]> = {}) {
  const view = await render(<UserSearchView q="" results={null} viewerId={me.id} {...props} />);
  const input = view.container.querySelector("input[type=search]") as HTMLInputElement;
  const rows = () => [...view.container.querySelectorAll(".user-row")];
  return { ...view, input, rows, text: () => view.container.textContent ?? "" };
}

describe("UserSearch", () => {
  it("has a labelled search box with the spec's placeholder and starts with 'Start searching'", async () => {
    const { container, input, text, unmount } = await setup();
    expect(input.placeholder).toBe("Search by username...");
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Search by username");
    expect(input.closest("form")?.getAttribute("action")).toBe("/users");
    expect(text()).toContain("Start searching");
    expect(asked).toEqual([]);
    await unmount();
  });

  it(`asks only after a ${USER_SEARCH_DEBOUNCE_MS} ms pause, once, with the trimmed text`, async () => {
    const { input, rows, unmount } = await setup();
    // Judged by when the request went, not by how long a sleep took: on a loaded machine a
    // 200 ms wait can last longer than the pause itself.
    const typedAt: number[] = [];
    for (const text of ["m", "ma", "mar "]) {
      await typeInto(input, text);
      typedAt.push(performance.now());
      await wait(100);
    }
    await wait(USER_SEARCH_DEBOUNCE_MS + 100);
    // Every request came a full pause after the last keystroke before it...
    askedAt.forEach((at) => {
      const lastTyped = typedAt.filter((t) => t <= at).at(-1) ?? 0;
      expect(at - lastTyped).toBeGreaterThanOrEqual(USER_SEARCH_DEBOUNCE_MS - 5);
    });
    // ...so when no gap in the typing reached the pause, only the settled text was asked.
    const gaps = typedAt.slice(1).map((t, i) => t - (typedAt[i] ?? t));
    if (Math.max(...gaps) < USER_SEARCH_DEBOUNCE_MS) expect(asked).toEqual(["mar"]);
    expect(asked.at(-1)).toBe("mar");
    await wait(20);
    expect(rows()).toHaveLength(2);
    expect(location.search).toBe("?q=mar");
    await unmount();
  });

  it("shows avatar, @username and View Profile for each; Message is hidden on one's own row", async () => {
    const { input, rows, unmount } = await setup();
    await typeInto(input, "mar");
    await wait(USER_SEARCH_DEBOUNCE_MS + 50);
    const [mine, theirs] = rows();
    expect(mine?.textContent).toContain("@marcelo");
    expect(mine?.querySelector('a[href="/users/7"]')?.textContent).toContain("View Profile");
    expect(mine?.querySelector('a[href^="/messages"]')).toBeNull();
    expect(mine?.querySelector(".avatar-initial")?.textContent).toBe("M");
    expect(theirs?.textContent).toContain("@marcus");
    expect(theirs?.querySelector('a[href="/users/8"]')).not.toBeNull();
    expect(theirs?.querySelector('a[href="/messages?to=8"]')?.textContent).toContain("Message");
    expect(theirs?.querySelector("img")?.getAttribute("src")).toBe("/photos/abc-96.webp");
    expect(theirs?.textContent).toContain("Following");
    await unmount();
  });

  it("says 'No users found' for an empty answer and 'Start searching' again when cleared", async () => {
    answer = () => Response.json([]);
    const { input, text, unmount } = await setup();
    await typeInto(input, "zzz");
    await wait(USER_SEARCH_DEBOUNCE_MS + 50);
    expect(text()).toContain("No users found");
    await typeInto(input, "  ");
    await wait(USER_SEARCH_DEBOUNCE_MS + 50);
    expect(text()).toContain("Start searching");
    expect(asked).toEqual(["zzz"]);
    expect(location.search).toBe("");
    await unmount();
  });

  it("uses the server's first answer without asking again", async () => {
    const { rows, unmount } = await setup({ q: "marc", results: [other] });
    await wait(USER_SEARCH_DEBOUNCE_MS + 50);
    expect(asked).toEqual([]);
    expect(rows()).toHaveLength(1);
    await unmount();
  });
});
