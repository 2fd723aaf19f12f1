import { describe, expect, it } from "bun:test";
import { act } from "react";
import { homeQueryString, parseHomeQuery } from "../../common/home";
import { goingTexts, type TonightItem } from "../../common/schemas/going";
import GoingToggle from "../GoingToggle";
import { OpenFilter } from "../home/OpenFilter";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { hydratesInNewYork } from "../lib/test-hydration";
import {
  buttonNamed,
  jsonResponse as json,
  mockFetch,
  toastTexts,
  withMockedFetch,
} from "../posts/test-fixtures";
import { GoingControl, type GoingControlProps } from "./GoingControl";
import { GoingPrivacyCard } from "./GoingPrivacyCard";
import { TonightList } from "./TonightList";

withDom();
const api = withMockedFetch();

const slot = { date: "2026-11-27", startMinute: 1140 };
const path = "/api/schools/7/occurrences/2026-11-27/1140/going";
const label = "Fri, Nov 27, 7:00 PM";
const props = (over: Partial<GoingControlProps> = {}): GoingControlProps => ({
  schoolId: 7,
  slot,
  initial: { count: 0, viewerGoing: false },
  signedIn: true,
  label,
  ...over,
});
const toggle = (root: ParentNode) => root.querySelector(".going-toggle") as HTMLButtonElement;
const countButton = (root: ParentNode) => root.querySelector(".going-count") as HTMLElement | null;
const dialog = () => document.querySelector("dialog") as HTMLDialogElement;

describe("I'm going", () => {
  it("a member says so: a pressed toggle named with the open mat, and the server's count", async () => {
    api.calls = mockFetch({
      [`POST ${path}`]: () => json({ going: true, count: 3, startsAt: "2026-11-27T19:00:00-05:00" }, 201),
    });
    const view = await render(<GoingControl {...props({ initial: { count: 2, viewerGoing: false } })} />);
    const button = toggle(view.container);
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(buttonNamed(view.container, `${goingTexts.imGoing}, ${label}`)).toBe(button);
    expect(countButton(view.container)?.textContent).toContain(goingTexts.count(2));
    await expectAxeClean(view.container);
    await click(button);
    await wait(20);
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST ${path}`]);
    expect(toggle(view.container).getAttribute("aria-pressed")).toBe("true");
    expect(countButton(view.container)?.textContent).toContain(goingTexts.count(3));
    await expectAxeClean(view.container);
    await view.unmount();
  });

  it("takes it back; a refusal is told in the server's words and the toggle stays as it was", async () => {
    api.calls = mockFetch({ [`DELETE ${path}`]: () => json({ going: false, count: 1 }) });
    const view = await render(<GoingControl {...props({ initial: { count: 2, viewerGoing: true } })} />);
    await click(toggle(view.container));
    await wait(20);
    expect(toggle(view.container).getAttribute("aria-pressed")).toBe("false");
    expect(countButton(view.container)?.textContent).toContain(goingTexts.count(1));
    api.calls = mockFetch({ [`POST ${path}`]: () => json({ message: goingTexts.started }, 422) });
    await click(toggle(view.container));
    await wait(20);
    expect(toggle(view.container).getAttribute("aria-pressed")).toBe("false");
    expect(toastTexts().join(" ")).toContain(goingTexts.started);
    await view.unmount();
  });

  it("asks a guest to sign in, in a labelled dialog, and asks the server nothing; a guest's count is text", async () => {
    const view = await render(
      <GoingControl {...props({ signedIn: false, initial: { count: 4, viewerGoing: null } })} />,
    );
    expect(countButton(view.container)?.tagName).toBe("SPAN");
    await click(toggle(view.container));
    expect(dialog().open).toBe(true);
    expect(dialog().textContent).toContain(goingTexts.signInText);
    expect(dialog().querySelector('a[href^="/login?next="]')).not.toBeNull();
    const title = document.getElementById(dialog().getAttribute("aria-labelledby") ?? "");
    expect(title?.textContent).toBe(goingTexts.signInTitle);
    await expectAxeClean(dialog());
    expect(api.calls).toEqual([]);
    await view.unmount();
  });

  it("lists who is going as the server allows, in a dialog that gives focus back to the count", async () => {
    api.calls = mockFetch({
      [`GET ${path}`]: () =>
        json({
          count: 3,
          names: [
            { id: 4, username: "ana" },
            { id: 9, username: "bo" },
          ],
          viewerGoing: false,
        }),
    });
    const view = await render(<GoingControl {...props({ initial: { count: 3, viewerGoing: false } })} />);
    const opener = countButton(view.container) as HTMLButtonElement;
    expect(opener.getAttribute("aria-haspopup")).toBe("dialog");
    opener.focus();
    await click(opener);
    await wait(20);
    expect(dialog().open).toBe(true);
    const title = document.getElementById(dialog().getAttribute("aria-labelledby") ?? "");
    expect(title?.textContent).toBe(`${goingTexts.whoIsGoing}: ${label}`);
    expect(
      [...dialog().querySelectorAll("li a")].map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["@ana", "/users/4"],
      ["@bo", "/users/9"],
    ]);
    expect(dialog().textContent).toContain(goingTexts.hiddenGoers(1));
    await expectAxeClean(dialog());
    await act(async () => dialog().close());
    await wait(10);
    expect(document.querySelector("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
    await view.unmount();
  });

  it("one that has started shows its count only", async () => {
    const view = await render(
      <GoingControl {...props({ started: true, initial: { count: 2, viewerGoing: true } })} />,
    );
    expect(toggle(view.container)).toBeNull();
    expect(countButton(view.container)?.textContent).toContain(goingTexts.count(2));
    await view.unmount();
  });

  it("the school page's island hydrates to the server's HTML in a browser zone far from UTC, asking nothing", async () => {
    const ui = (
      <GoingToggle
        schoolId={7}
        slot={slot}
        count={5}
        viewerGoing={null}
        signedIn={false}
        label={label}
        started={false}
      />
    );
    const { before, after, logged } = await hydratesInNewYork(ui);
    expect(logged).toEqual([]);
    expect(after).toBe(before);
    expect(api.calls).toEqual([]);
  });
});

describe("Tonight", () => {
  const item = (gym: string, start: number, count: number): TonightItem => ({
    school: {
      id: start,
      gym,
      slug: gym.toLowerCase().replace(/ /g, "-"),
      city: "Austin",
      state: "TX",
      timeZone: "America/Chicago",
    },
    distance: 2.4,
    date: "2026-11-20",
    startMinute: start,
    start,
    end: null,
    startsAt: new Date(Date.now() + 45 * 60_000).toISOString(),
    notes: [],
    goingCount: count,
  });

  it("lists the open mats in the order given, each with its time, how soon, and 'I'm going'", async () => {
    const opened: number[] = [];
    const view = await render(
      <TonightList
        items={[item("Early BJJ", 1200, 2), item("Later BJJ", 1260, 0)]}
        isError={false}
        located
        from="your location"
        signedIn
        onOpenSchool={(id) => opened.push(id)}
      />,
    );
    const rows = [...view.container.querySelectorAll("li.tonight-item")];
    expect(rows.map((r) => r.querySelector(".school-name")?.textContent)).toEqual(["Early BJJ", "Later BJJ"]);
    expect(rows[0]?.textContent).toContain("8:00 PM (in 45 min)");
    // Issue 23: a distance says from where.
    expect(rows[0]?.querySelector(".school-distance")?.textContent).toBe("2.4 mi from your location");
    expect(rows[0]?.querySelector(".going-count")?.textContent).toContain(goingTexts.count(2));
    expect(rows[1]?.querySelector(".going-count")).toBeNull();
    expect(rows[1]?.querySelector(".school-name")?.getAttribute("href")).toBe("/schools/later-bjj");
    await click(rows[1]?.querySelector(".school-name") as Element);
    expect(opened).toEqual([1260]);
    await expectAxeClean(view.container);
    await view.unmount();
  });

  it("says when there is nothing, or no place to look near", async () => {
    const empty = await render(
      <TonightList items={[]} isError={false} located signedIn onOpenSchool={() => {}} />,
    );
    expect(empty.container.textContent).toBe(goingTexts.tonightEmpty);
    await empty.unmount();
    const loading = await render(
      <TonightList items={undefined} isError={false} located signedIn onOpenSchool={() => {}} />,
    );
    expect(loading.container.textContent).toBe(goingTexts.tonightLoading);
    await loading.unmount();
    const nowhere = await render(
      <TonightList items={undefined} isError={false} located={false} signedIn onOpenSchool={() => {}} />,
    );
    expect(nowhere.container.textContent).toBe(goingTexts.tonightWhere);
    await nowhere.unmount();
  });
});

describe("the Tonight chip", () => {
  it("sits beside Open now and Today, pressed when chosen, and is kept in the URL", async () => {
    const query = parseHomeQuery(new URLSearchParams("open=tonight&days=friday"));
    expect(query.open).toBe("tonight");
    expect(homeQueryString(query)).toBe("?days=friday&open=tonight");
    const chosen: string[] = [];
    const view = await render(<OpenFilter query={query} onChange={(open) => chosen.push(open)} />);
    const chips = [...view.container.querySelectorAll("button")];
    expect(chips.map((b) => [b.textContent, b.getAttribute("aria-pressed")])).toEqual([
      ["Any time", "false"],
      ["Open now", "false"],
      ["Today", "false"],
      [goingTexts.tonight, "true"],
    ]);
    // Before hydration the chip is a GET form's submit button: open=tonight.
    expect(chips[3]?.getAttribute("name")).toBe("open");
    expect(chips[3]?.getAttribute("value")).toBe("tonight");
    await click(chips[1] as Element);
    expect(chosen).toEqual(["now"]);
    await view.unmount();
  });
});

describe("who sees you going (/account)", () => {
  it("a labelled select that saves the choice", async () => {
    api.calls = mockFetch({ "PATCH /api/settings": () => json({ message: "saved" }) });
    const view = await render(<GoingPrivacyCard showGoing="followers" />);
    const select = view.container.querySelector("select") as HTMLSelectElement;
    expect(view.container.querySelector(`label[for="${select.id}"]`)?.textContent).toBe(
      goingTexts.showGoingLabel,
    );
    expect(select.value).toBe("followers");
    await expectAxeClean(view.container);
    await act(async () => {
      select.value = "nobody";
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await wait(20);
    expect(api.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ["PATCH", "/api/settings", { showGoing: "nobody" }],
    ]);
    expect(select.value).toBe("nobody");
    await view.unmount();
  });
});
