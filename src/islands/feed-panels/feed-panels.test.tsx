import { afterEach, beforeEach, describe, expect, it, mock } from "bun:test";
import { act } from "react";
import { badgePrivacyTexts } from "../../common/schemas/privacy-texts";
import { settingsMessages } from "../../common/schemas/settings";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { PageQueries } from "../users/PageQueries";
import { resetPageQueryClient } from "../users/query-client";
import { BadgeProgressPanel } from "./BadgeProgressPanel";
import { FeedSavedColumn } from "./FeedSavedColumn";
import { KeepPrivateToggle } from "./KeepPrivateToggle";
import { LocationStatus, locationStatusTexts } from "./LocationStatus";
import { PastCheckinsPanel } from "./PastCheckinsPanel";

withDom();

let calls: string[] = [];
let answers: Record<string, () => Response> = {};

beforeEach(() => {
  calls = [];
  answers = {
    "GET /api/badges/progress": () =>
      Response.json({
        totalCheckins: 4,
        uniqueGyms: 3,
        uniqueStates: 2,
        alphabetProgress: 3,
        nextClosest: [
          {
            code: "apprentice",
            name: "Apprentice",
            description: "10 check-ins",
            current: 4,
            threshold: 10,
            percent: 40,
          },
        ],
      }),
    "GET /api/checkins": () =>
      Response.json([
        {
          id: 1,
          schoolId: 7,
          checkedInAt: "2026-03-01T12:00:00.000Z",
          verified: true,
          school: { gym: "Alpha BJJ", city: "Austin", slug: "alpha" },
        },
      ]),
    "PATCH /api/settings": () => Response.json({ shareBadgeProgressPublic: false }),
  };
  globalThis.fetch = mock(async (url: string | URL | Request, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}`;
    calls.push(typeof init.body === "string" ? `${key} ${init.body}` : key);
    return (answers[key] ?? (() => new Response("", { status: 404 })))();
  }) as unknown as typeof fetch;
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts")) el.remove();
});

const toggle = (root: ParentNode) => root.querySelector(".feed-panel-toggle") as HTMLButtonElement;

describe("feed panels", () => {
  it("location status says what is known, with help when denied", async () => {
    const help = mock(() => undefined);
    const { container, unmount } = await render(
      <>
        <LocationStatus state={{ kind: "ip", city: "Austin", region: "TX" }} />
        <LocationStatus state={{ kind: "denied" }} onHelp={help} />
      </>,
    );
    const statuses = [...container.querySelectorAll('[role="status"]')].map((s) => s.textContent);
    expect(statuses).toEqual([`${locationStatusTexts.ip} Austin, TX`, locationStatusTexts.denied]);
    await click(container.querySelector("button") as HTMLButtonElement);
    expect(help).toHaveBeenCalledTimes(1);
    await unmount();
  });

  it("badge progress shows the metrics and next badges, and collapses", async () => {
    const { container, unmount } = await render(<BadgeProgressPanel />);
    await wait(30);
    expect(container.textContent).toContain("Check-ins4");
    expect(container.textContent).toContain("Alphabet3/26");
    expect(container.querySelector("progress")?.getAttribute("value")).toBe("40");
    expect(toggle(container).getAttribute("aria-expanded")).toBe("true");
    await click(toggle(container));
    expect(toggle(container).getAttribute("aria-expanded")).toBe("false");
    expect((container.querySelector(".feed-panel-body") as HTMLElement).hidden).toBe(true);
    await unmount();
  });

  it("past check-ins list the gym, city and tag", async () => {
    const { container, unmount } = await render(<PastCheckinsPanel />);
    await wait(30);
    expect(container.textContent).toContain("Past Check-ins");
    expect(container.querySelector(".checkin-item")?.textContent).toContain("Alpha BJJ · Austin");
    expect(container.querySelector(".checkin-item")?.textContent).toContain("Verified");
    await unmount();
  });

  it("'keep private' saves shareBadgeProgressPublic and flips back on failure", async () => {
    const { container, unmount } = await render(<KeepPrivateToggle shareBadgeProgressPublic={true} />);
    const box = () => container.querySelector("input") as HTMLInputElement;
    expect(container.querySelector(`label[for="${box().id}"]`)?.textContent).toBe(
      "Keep my badge progress private",
    );
    expect(box().checked).toBe(false);
    expect(container.textContent).toContain(badgePrivacyTexts.ownerShared);
    await act(async () => {
      box().click();
      await new Promise((done) => setTimeout(done, 30));
    });
    // Both names of the one setting others see the badges by (issue 23: one honest state).
    expect(calls).toEqual(['PATCH /api/settings {"shareBadgeProgressPublic":false,"showBadgeCount":false}']);
    expect(box().checked).toBe(true);
    expect(container.textContent).toContain(badgePrivacyTexts.ownerPrivate);
    expect(container.textContent).not.toContain("Others can see");
    expect(document.querySelector(".toast")?.textContent).toContain(settingsMessages.saved);
    answers["PATCH /api/settings"] = () => new Response("", { status: 500 });
    await act(async () => {
      box().click();
      await new Promise((done) => setTimeout(done, 30));
    });
    expect(box().checked).toBe(true);
    expect(document.querySelector(".toast")?.textContent).toContain(settingsMessages.failed);
    await unmount();
  });

  it("the phone summary's tiles count what their panels show, from the same query, and open them", async () => {
    resetPageQueryClient();
    const { container, unmount } = await render(
      <PageQueries>
        <FeedSavedColumn
          savedSchools={[{ schoolId: 1, name: "Alpha BJJ", city: "Austin", slug: "alpha" }]}
          checkins={null}
        />
      </PageQueries>,
    );
    await wait(30);
    const tile = (name: string) =>
      [...container.querySelectorAll<HTMLButtonElement>(".feed-tile")].find((b) =>
        b.textContent?.startsWith(name),
      ) as HTMLButtonElement;
    expect(tile("Saved").textContent).toBe("Saved 1");
    expect(tile("Check-ins").textContent).toBe("Check-ins 1");
    // The tile and the panel share one request for the check-ins.
    expect(calls.filter((c) => c === "GET /api/checkins")).toHaveLength(1);
    const panel = document.getElementById(
      tile("Check-ins").getAttribute("aria-controls") ?? "",
    ) as HTMLElement;
    expect(panel.textContent).toContain("Past Check-ins");
    expect(panel.dataset.open).toBe("false");
    await click(tile("Check-ins"));
    expect(tile("Check-ins").getAttribute("aria-expanded")).toBe("true");
    expect(panel.dataset.open).toBe("true");
    await click(tile("Check-ins"));
    expect(panel.dataset.open).toBe("false");
    await unmount();
    resetPageQueryClient();
  });
});
