import { describe, expect, it } from "bun:test";
import { CommunityNotes } from "./CommunityNotes";
import { withDom } from "./test-dom";
import { render } from "./test-render";

withDom();

describe("Community notes (the school page and the home screen's school detail)", () => {
  it("lists the published notes of applied feedback with their dates, as text", async () => {
    const view = await render(
      <CommunityNotes
        headingId="school-7-notes"
        level="h3"
        notes={[
          { text: "Moved to Sundays", at: "2026-11-03T09:00:00.000Z" },
          { text: "<img src=x onerror=alert(1)> mats are new", at: "2026-11-20T23:30:00.000Z" },
        ]}
      />,
    );
    const section = view.container.querySelector("section") as HTMLElement;
    expect(section.getAttribute("aria-labelledby")).toBe("school-7-notes");
    expect(section.querySelector("h3#school-7-notes")?.textContent).toBe("Community notes");
    const items = [...section.querySelectorAll("li")].map((li) => [
      li.querySelector("p")?.textContent,
      li.querySelector("time")?.textContent,
      li.querySelector("time")?.getAttribute("datetime"),
    ]);
    expect(items).toEqual([
      ["Moved to Sundays", "Nov 3, 2026", "2026-11-03T09:00:00.000Z"],
      ["<img src=x onerror=alert(1)> mats are new", "Nov 20, 2026", "2026-11-20T23:30:00.000Z"],
    ]);
    expect(section.querySelector("img")).toBeNull();
    await view.unmount();
  });

  it("renders nothing when no note was published", async () => {
    for (const notes of [undefined, []]) {
      const view = await render(<CommunityNotes headingId="n" level="h2" notes={notes} />);
      expect(view.container.innerHTML).toBe("");
      await view.unmount();
    }
  });
});
