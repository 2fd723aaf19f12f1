import { afterEach, beforeEach, describe, expect, it, mock } from "bun:test";
import type { HomeQuery } from "../../common/home";
import { SearchBox } from "./SearchBox";
import { withDom } from "./test-dom";
import { click, press, render, typeInto, wait } from "./test-render";

withDom();

const query: HomeQuery = { search: "", days: ["sunday"], rules: [], saved: false, open: "any", school: null };
let asked: string[] = [];
let answer: () => Response = () => Response.json(["Austin, TX", "Austin Jiu-Jitsu"]);

beforeEach(() => {
  asked = [];
  globalThis.fetch = mock(async (url: string | URL | Request) => {
    asked.push(new URL(String(url), "http://localhost").searchParams.get("query") ?? "");
    return answer();
  }) as unknown as typeof fetch;
});
afterEach(() => {
  answer = () => Response.json(["Austin, TX", "Austin Jiu-Jitsu"]);
});

async function setup(q = query) {
  const onSearch = mock((_: string) => {});
  const view = await render(<SearchBox query={q} onSearch={onSearch} />);
  const input = view.container.querySelector("input[role=combobox]") as HTMLInputElement;
  const options = () => [...view.container.querySelectorAll("[role=option]")];
  return { ...view, input, options, onSearch };
}

describe("SearchBox", () => {
  it("is a GET form on / that keeps the other filters, before any script", async () => {
    const { container, input, unmount } = await setup();
    const form = container.querySelector("form") as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/");
    expect(input.name).toBe("search");
    expect((container.querySelector("input[name=days]") as HTMLInputElement).value).toBe("sunday");
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toContain("Search");
    await unmount();
  });

  it("asks for suggestions only after a 300 ms pause and from 2 characters", async () => {
    const { input, options, unmount } = await setup();
    await typeInto(input, "A");
    await wait(400);
    expect(asked).toEqual([]);
    await typeInto(input, "Au");
    await wait(100);
    await typeInto(input, "Aus ");
    await wait(100);
    expect(asked).toEqual([]);
    await wait(350);
    expect(asked).toEqual(["Aus"]);
    await wait(20);
    expect(options().map((o) => o.textContent)).toEqual(["Austin, TX", "Austin Jiu-Jitsu"]);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    await unmount();
  });

  it("moves with the arrows, picks with Enter and closes with Escape", async () => {
    const { input, options, onSearch, unmount } = await setup();
    await typeInto(input, "Aus");
    await wait(450);
    await press(input, "ArrowDown");
    await press(input, "ArrowDown");
    expect(input.getAttribute("aria-activedescendant")).toBe(options()[1]?.id ?? "none");
    expect(options()[1]?.getAttribute("aria-selected")).toBe("true");
    await press(input, "Escape");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.getAttribute("aria-activedescendant")).toBeNull();
    await press(input, "ArrowUp");
    expect(input.getAttribute("aria-activedescendant")).toBe(options()[1]?.id ?? "none");
    await press(input, "Enter");
    expect(onSearch).toHaveBeenCalledWith("Austin Jiu-Jitsu");
    expect(input.value).toBe("Austin Jiu-Jitsu");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    await unmount();
  });

  it("submits the trimmed text and picks a suggestion by click", async () => {
    const { container, input, options, onSearch, unmount } = await setup();
    await typeInto(input, "  78701 ");
    await click(container.querySelector("button[type=submit]") as Element);
    expect(onSearch).toHaveBeenLastCalledWith("78701");
    await typeInto(input, "Aus");
    await wait(450);
    await click(options()[0] as Element);
    expect(onSearch).toHaveBeenLastCalledWith("Austin, TX");
    await unmount();
  });

  it("clears the list silently when suggestions fail", async () => {
    answer = () => new Response("boom", { status: 500 });
    const { input, options, unmount } = await setup();
    await typeInto(input, "Aus");
    await wait(450);
    expect(asked).toEqual(["Aus"]);
    expect(options()).toHaveLength(0);
    expect(input.getAttribute("aria-expanded")).toBe("false");
    await unmount();
  });
});
