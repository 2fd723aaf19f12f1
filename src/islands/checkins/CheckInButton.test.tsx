import { afterEach, beforeEach, describe, expect, it, mock } from "bun:test";
import { act } from "react";
import { showToast } from "../../client/toast";
import { localDateAt } from "../../common/schedule/open-now";
import { checkinMessages } from "../../common/schemas/checkins";
import { resetCelebrations } from "../badges/celebration-store";
import { withDom } from "../home/test-dom";
import { render, wait } from "../home/test-render";
import { CheckInButton } from "./CheckInButton";
import { localDay } from "./queries/checkins";

withDom();

let calls: string[] = [];
let answers: Record<string, () => Response> = {};

/**
 * A fake position watch: the watches that are on, and what each reports once started (on a
 * task of its own, as a browser does); `emit` reports more to every watch that is on.
 */
type Report = { fix: { latitude: number; longitude: number; accuracy: number } } | { error: number };
let reports: Report[] = [];
let watching = new Map<number, (report: Report) => void>();
let nextWatchId = 0;
const atGym = { latitude: 30.1, longitude: -97.2, accuracy: 8 };
const emit = (report: Report) =>
  act(async () => {
    for (const report_ of watching.values()) report_(report);
    await wait(10);
  });

beforeEach(() => {
  calls = [];
  reports = [{ fix: atGym }];
  watching = new Map();
  resetCelebrations();
  answers = {
    "GET /api/checkins": () => Response.json([]),
    "POST /api/checkins": () =>
      Response.json(
        {
          id: 9,
          schoolId: 7,
          checkedInAt: new Date().toISOString(),
          verified: false,
          school: { gym: "Alpha BJJ", city: "Austin", slug: "alpha" },
          newBadges: [],
        },
        { status: 201 },
      ),
  };
  globalThis.fetch = mock(async (url: string | URL | Request, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}`;
    calls.push(typeof init.body === "string" ? `${key} ${init.body}` : key);
    return (answers[key] ?? (() => new Response("", { status: 404 })))();
  }) as unknown as typeof fetch;
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: {
      watchPosition(ok: PositionCallback, fail: PositionErrorCallback, options: PositionOptions) {
        // Spec §9: high accuracy, the 10 s GPS timeout, watch mode's 5-minute maximum age.
        expect(options).toEqual({ enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 });
        const id = ++nextWatchId;
        watching.set(id, (report) => {
          if ("fix" in report) ok({ coords: report.fix } as unknown as GeolocationPosition);
          else fail({ code: report.error, message: "failed" } as GeolocationPositionError);
        });
        setTimeout(() => {
          for (const report of reports) watching.get(id)?.(report);
        });
        return id;
      },
      clearWatch(id: number) {
        watching.delete(id);
      },
    },
  });
});
afterEach(() => {
  for (const el of document.querySelectorAll("#toasts, dialog")) el.remove();
});

const settle = (el: Element) =>
  act(async () => {
    (el as HTMLElement).click();
    await new Promise((done) => setTimeout(done, 30));
  });
const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll("button")].find((b) => b.textContent?.includes(name)) as HTMLButtonElement;
const toasts = () => [...document.querySelectorAll(".toast")].map((t) => t.textContent?.replace("×", ""));

describe("Check In", () => {
  it("posts the position and then shows a disabled 'Checked in today'", async () => {
    const { container, unmount } = await render(<CheckInButton schoolId={7} signedIn={true} />);
    await wait(20);
    await settle(button(container, "Check In"));
    expect(calls).toContain('POST /api/checkins {"schoolId":7,"latitude":30.1,"longitude":-97.2}');
    const done = button(container, "Checked in today");
    expect(done.disabled).toBe(true);
    expect(toasts()[0]).toContain("Checked in!");
    await unmount();
  });

  it("says 'Location required' when the position is denied, and posts nothing", async () => {
    reports = [{ error: 1 }];
    const { container, unmount } = await render(<CheckInButton schoolId={7} signedIn={true} />);
    await settle(button(container, "Check In"));
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
    expect(toasts()).toEqual([`${checkinMessages.failed}${checkinMessages.locationRequired}`]);
    expect(document.querySelector(".toast")?.getAttribute("role")).toBe("alert");
    expect(watching.size).toBe(0);
    await unmount();
  });

  it("watches until a fix is precise enough to judge 200 ft, posts that one and stops watching", async () => {
    reports = [];
    const posts = () => calls.filter((c) => c.startsWith("POST"));
    const { container, unmount } = await render(<CheckInButton schoolId={7} signedIn={true} />);
    await settle(button(container, "Check In"));
    // Coarse fixes (a first Wi-Fi guess, then 120 m): still watching, nothing posted yet.
    await emit({ fix: { latitude: 30.5, longitude: -97.9, accuracy: 900 } });
    await emit({ fix: { latitude: 30.2, longitude: -97.3, accuracy: 120 } });
    expect(button(container, "Checking in…").getAttribute("aria-disabled")).toBe("true");
    expect([posts(), watching.size]).toEqual([[], 1]);
    await emit({ fix: atGym });
    expect(watching.size).toBe(0);
    expect(posts()).toEqual(['POST /api/checkins {"schoolId":7,"latitude":30.1,"longitude":-97.2}']);
    expect(button(container, "Checked in today").disabled).toBe(true);
    await unmount();
  });

  it("says 'Unable to watch location' when the watch fails before any fix, and posts nothing", async () => {
    reports = [{ error: 2 }];
    const { container, unmount } = await render(<CheckInButton schoolId={7} signedIn={true} />);
    await settle(button(container, "Check In"));
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
    expect(toasts()).toEqual([`${checkinMessages.failed}${checkinMessages.watchFailed}`]);
    expect(watching.size).toBe(0);
    expect(button(container, "Check In").getAttribute("aria-disabled")).toBe("false");
    await unmount();
  });

  it("stops watching when it goes away, and then posts and says nothing", async () => {
    reports = [{ fix: { latitude: 30.5, longitude: -97.9, accuracy: 900 } }];
    // The last toast shown stays the current one unless something shows another.
    showToast({ title: "before" });
    const { container, unmount } = await render(<CheckInButton schoolId={7} signedIn={true} />);
    await settle(button(container, "Check In"));
    expect(watching.size).toBe(1);
    await unmount();
    expect(watching.size).toBe(0);
    await wait(30);
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
    expect(toasts()).toEqual(["before"]);
  });

  it("shows the server's message, or the fallback when there is none", async () => {
    const far = checkinMessages.tooFar(120);
    answers["POST /api/checkins"] = () => Response.json({ message: far }, { status: 400 });
    const { container, unmount } = await render(<CheckInButton schoolId={7} signedIn={true} />);
    await settle(button(container, "Check In"));
    expect(toasts()).toEqual([`${checkinMessages.failed}${far}`]);
    answers["POST /api/checkins"] = () => new Response("oops", { status: 500 });
    await settle(button(container, "Check In"));
    expect(toasts()).toEqual([`${checkinMessages.failed}${checkinMessages.failedFallback}`]);
    expect(button(container, "Check In").disabled).toBe(false);
    await unmount();
  });

  it("knows today's check-in from the member's list", async () => {
    answers["GET /api/checkins"] = () =>
      Response.json([
        { id: 1, schoolId: 7, checkedInAt: new Date().toISOString(), verified: true, school: null },
        { id: 2, schoolId: 8, checkedInAt: "2020-01-01T12:00:00.000Z", verified: true, school: null },
      ]);
    const { container, unmount } = await render(
      <>
        <CheckInButton schoolId={7} signedIn={true} />
        <CheckInButton schoolId={8} signedIn={true} />
      </>,
    );
    await wait(30);
    const buttons = [...container.querySelectorAll("button")];
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ["✓ Checked in today", true],
      ["Check In", false],
    ]);
    await unmount();
  });

  it("judges 'today' by the gym's calendar, not the browser's", async () => {
    // Fourteen hours ahead of UTC and ten behind: at any instant the two gyms' dates differ.
    const ahead = "Pacific/Kiritimati";
    const behind = "Pacific/Honolulu";
    const school = (timeZone: string) => ({ gym: "Gym", city: "City", slug: "gym", timeZone });
    const now = new Date();
    answers["GET /api/checkins"] = () =>
      Response.json([
        // Checked in on each gym's own today: both are today.
        {
          id: 1,
          schoolId: 7,
          checkedInAt: now.toISOString(),
          localDate: localDateAt(now, ahead),
          verified: true,
          school: school(ahead),
        },
        {
          id: 2,
          schoolId: 8,
          checkedInAt: now.toISOString(),
          localDate: localDateAt(now, behind),
          verified: true,
          school: school(behind),
        },
        // The far-ahead gym's date written for a gym far behind: not that gym's today.
        {
          id: 3,
          schoolId: 9,
          checkedInAt: now.toISOString(),
          localDate: localDateAt(now, ahead),
          verified: true,
          school: school(behind),
        },
      ]);
    const { container, unmount } = await render(
      <>
        <CheckInButton schoolId={7} signedIn={true} />
        <CheckInButton schoolId={8} signedIn={true} />
        <CheckInButton schoolId={9} signedIn={true} />
      </>,
    );
    await wait(30);
    expect([...container.querySelectorAll("button")].map((b) => b.textContent)).toEqual([
      "✓ Checked in today",
      "✓ Checked in today",
      "Check In",
    ]);
    await unmount();
  });

  it("a 409 'already today' turns the button into 'Checked in today'", async () => {
    answers["POST /api/checkins"] = () =>
      Response.json({ message: checkinMessages.alreadyToday }, { status: 409 });
    const { container, unmount } = await render(<CheckInButton schoolId={7} signedIn={true} />);
    await settle(button(container, "Check In"));
    expect(toasts()).toEqual([`${checkinMessages.failed}${checkinMessages.alreadyToday}`]);
    expect(button(container, "Checked in today").disabled).toBe(true);
    await unmount();
  });

  it("asks a guest to sign in and fetches nothing", async () => {
    const { container, unmount } = await render(<CheckInButton schoolId={7} signedIn={false} />);
    await settle(button(container, "Check In"));
    expect(calls).toEqual([]);
    const dialog = container.querySelector("dialog");
    expect(dialog?.textContent).toContain("Sign In Required");
    expect(dialog?.querySelector("a")?.getAttribute("href")).toBe("/login?next=%2F");
    await unmount();
  });

  it("celebrates the last new badge once", async () => {
    answers["POST /api/checkins"] = () =>
      Response.json(
        {
          id: 9,
          schoolId: 7,
          checkedInAt: new Date().toISOString(),
          verified: false,
          school: null,
          newBadges: [
            { id: 11, code: "novice", name: "Novice", description: "First check-in" },
            { id: 12, code: "hopper", name: "Hopper", description: "Three gyms" },
          ],
        },
        { status: 201 },
      );
    const { container, unmount } = await render(<CheckInButton schoolId={7} signedIn={true} />);
    await settle(button(container, "Check In"));
    const dialogs = () => [...container.querySelectorAll("dialog")];
    expect(dialogs()).toHaveLength(1);
    expect(dialogs()[0]?.textContent).toContain("Congratulations! You've earned a badge!");
    expect(dialogs()[0]?.textContent).toContain("Hopper");
    expect(dialogs()[0]?.textContent).not.toContain("Novice");
    expect(calls).toContain("POST /api/badges/11/celebrated");
    expect(calls).toContain("POST /api/badges/12/celebrated");
    await settle(button(container, "Continue Exploring!"));
    expect(dialogs()).toHaveLength(0);
    await unmount();
  });

  it("on load, celebrates the last uncelebrated badge once, even with two hosts", async () => {
    answers["GET /api/badges/uncelebrated"] = () =>
      Response.json([
        { id: 21, code: "novice", name: "Novice", description: "First check-in" },
        { id: 22, code: "adept", name: "Adept", description: "25 check-ins" },
      ]);
    const { container, unmount } = await render(
      <>
        <CheckInButton schoolId={7} signedIn={true} />
        <CheckInButton schoolId={8} signedIn={true} />
      </>,
    );
    await wait(40);
    const dialogs = [...container.querySelectorAll("dialog")];
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]?.textContent).toContain("Adept");
    expect(calls.filter((c) => c.includes("uncelebrated"))).toEqual(["GET /api/badges/uncelebrated"]);
    expect(calls).toContain("POST /api/badges/22/celebrated");
    // Escape closes a native modal dialog by itself; happy-dom does not, so close it as Escape would.
    await act(async () => (dialogs[0] as HTMLDialogElement).close());
    expect(container.querySelectorAll("dialog")).toHaveLength(0);
    await unmount();
  });
});

describe("localDay", () => {
  it("is the local calendar day", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });
});
