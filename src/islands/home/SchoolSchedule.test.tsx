import { describe, expect, it } from "bun:test";
import { type SchoolSummary, toSchoolSummary } from "../../common/home";
import type { Session, UntimedSession } from "../../common/schedule/types";
import { scheduleReviewTexts } from "../../common/schemas/schedule-review";
import { hydratesIn } from "../lib/test-hydration";
import { jsonResponse, mockFetch } from "../posts/test-fixtures";
import { PopupCard } from "./PopupCard";
import { SchoolDetailDialog } from "./SchoolDetailDialog";
import { SchoolListItem } from "./SchoolListItem";
import { SchoolSchedule, SessionList } from "./SchoolSchedule";
import type { ApiSchool } from "./school-api";
import { rowFromSummary } from "./school-api";
import { withDom } from "./test-dom";
import { homeProps, render, wait } from "./test-render";
import { createHomeStore, HomeStoreContext } from "./use-home-state";

withDom();

const AMPM = '"2-4": am or pm is not written; read as 2:00 PM–4:00 PM';
const DOUBT = '"Sun 10am?": the text is not sure of this ("?")';

const weekly: Session = { weekday: 6, start: 840, end: 960, notes: ["Gi"], review: [AMPM] };
const monthly: Session = { weekday: 0, start: 600, end: null, notes: [], ordinals: [1, 3] };
const dated: Session = { weekday: 6, start: 900, end: null, notes: [], date: "2026-03-28" };
const seasonal: Session = {
  weekday: 2,
  start: 1140,
  end: 1260,
  notes: [],
  from: "2026-03-07",
  until: "2026-05-30",
};
const untimed: UntimedSession = { weekday: 3, start: null, end: null, notes: [], timeNotListed: true };

const apiSchool = (over: Partial<ApiSchool> = {}): ApiSchool => ({
  id: 5,
  slug: "check-gym",
  gym: "Check Gym",
  address: "1 Main St, Austin, TX",
  city: "Austin",
  state: "TX",
  latitude: 30.2,
  longitude: -97.7,
  timeZone: "America/Chicago",
  dayAndTime: "Sat 2-4 (Gi), Wed",
  sessions: [weekly],
  untimed: [untimed],
  rating: null,
  reviewCount: 0,
  confirmedAt: null,
  website: null,
  communityNotes: null,
  monday: false,
  tuesday: false,
  wednesday: true,
  thursday: false,
  friday: false,
  saturday: true,
  sunday: false,
  ...over,
});

const homeStore = () => createHomeStore(homeProps());

const lines = (root: ParentNode) => [...root.querySelectorAll(".sessions > li")].map((li) => li.textContent);
const marks = (root: ParentNode) =>
  [...root.querySelectorAll(".check-with-gym")].map((mark) => ({
    tag: mark.querySelector(".tag")?.textContent,
    reason: mark.querySelector(".tag + span")?.textContent?.trim(),
    hidden: mark.querySelector(".visually-hidden") !== null,
  }));

describe("A school's sessions, each as what it is", () => {
  it("lists weekly, monthly, dated, seasonal and untimed sessions, Monday first", async () => {
    const view = await render(
      <SessionList sessions={[monthly, weekly, dated, seasonal]} untimed={[untimed]} />,
    );
    expect(lines(view.container)).toEqual([
      "Tue 7:00 PM–9:00 PM (from Mar 7, 2026) (until May 30, 2026)",
      "Wed (time not listed)",
      `Sat 2:00 PM–4:00 PM (Gi) ${scheduleReviewTexts.checkWithGym} ${AMPM}`,
      "Sat Mar 28, 2026 3:00 PM",
      "1st & 3rd Sun 10:00 AM",
    ]);
    // A monthly Sunday is never written as every Sunday.
    expect(lines(view.container).some((line) => line === "Sun 10:00 AM")).toBe(false);
    await view.unmount();
  });

  it("marks only the unsure reading, its reason in visible text", async () => {
    const view = await render(
      <SessionList sessions={[weekly, { ...monthly, review: [DOUBT, AMPM] }, dated]} untimed={[]} />,
    );
    expect(marks(view.container)).toEqual([
      { tag: "Check with the gym", reason: AMPM, hidden: false },
      { tag: "Check with the gym", reason: `${DOUBT}; ${AMPM}`, hidden: false },
    ]);
    const dateLine = [...view.container.querySelectorAll(".sessions > li")][1];
    expect(dateLine?.querySelector(".check-with-gym")).toBeNull();
    await view.unmount();
  });

  it("shows the gym's own text when nothing parsed into a session", async () => {
    const view = await render(
      <SchoolSchedule school={{ sessions: [], dayAndTime: "Open mat sometimes, call us" }} />,
    );
    expect(view.container.innerHTML).toBe("<p>Open mat sometimes, call us</p>");
    await view.unmount();
  });

  it("lists a school with only days whose time is not listed", async () => {
    const view = await render(
      <SchoolSchedule school={{ sessions: [], untimed: [untimed], dayAndTime: "Wed" }} />,
    );
    expect(lines(view.container)).toEqual(["Wed (time not listed)"]);
    await view.unmount();
  });
});

describe("The list and the popup", () => {
  it("a list row carries the mark, its reasons read out but kept out of the compact row", async () => {
    const summary = toSchoolSummary(apiSchool());
    expect(summary.untimed).toEqual([untimed]);
    const view = await render(
      <ul>
        <SchoolListItem row={rowFromSummary(summary)} onOpen={() => undefined} />
      </ul>,
    );
    const schedule = view.container.querySelector(".school-schedule") as HTMLElement;
    expect(schedule.firstChild?.textContent).toBe("Wed (time not listed); Sat 2:00 PM–4:00 PM (Gi)");
    expect(marks(schedule)).toEqual([{ tag: "Check with the gym", reason: AMPM, hidden: true }]);
    await view.unmount();
  });

  it("a row whose reading was confirmed (no review reasons) has no mark", async () => {
    const summary = toSchoolSummary(apiSchool({ sessions: [{ ...weekly, review: undefined }] }));
    const view = await render(
      <ul>
        <SchoolListItem row={rowFromSummary(summary)} onOpen={() => undefined} />
      </ul>,
    );
    expect(view.container.querySelector(".check-with-gym")).toBeNull();
    await view.unmount();
  });

  it("the detail dialog lists the loaded sessions as what they are, the unsure one marked", async () => {
    mockFetch({ "GET /api/schools/5": () => jsonResponse(apiSchool({ sessions: [monthly, weekly] })) });
    const view = await render(
      <HomeStoreContext.Provider value={homeStore()}>
        <SchoolDetailDialog
          schoolId={5}
          known={null}
          signedIn={false}
          onClose={() => {}}
          onViewOnMap={() => {}}
        />
      </HomeStoreContext.Provider>,
    );
    await wait(30);
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    expect(lines(dialog)).toEqual([
      "Wed (time not listed)",
      `Sat 2:00 PM–4:00 PM (Gi) ${scheduleReviewTexts.checkWithGym} ${AMPM}`,
      "1st & 3rd Sun 10:00 AM",
    ]);
    expect(marks(dialog.querySelector(".sessions") as HTMLElement)).toEqual([
      { tag: "Check with the gym", reason: AMPM, hidden: false },
    ]);
    // The next open mat is marked too when it is the unsure one (it reads the real clock).
    const status = dialog.querySelector(".status");
    if (status?.textContent?.includes("Sat")) expect(marks(status)).toHaveLength(1);
    await view.unmount();
  });

  it("the popup marks the schedule it loads", async () => {
    mockFetch({ "GET /api/schools/5": () => jsonResponse(apiSchool({ sessions: [monthly, weekly] })) });
    const summary: SchoolSummary = toSchoolSummary(apiSchool());
    const view = await render(
      <HomeStoreContext.Provider value={homeStore()}>
        <PopupCard
          row={rowFromSummary(summary)}
          signedIn={false}
          onFeedback={() => {}}
          onDetails={() => {}}
        />
      </HomeStoreContext.Provider>,
    );
    await wait(30);
    const schedule = view.container.querySelector(".popup-schedule") as HTMLElement;
    expect(schedule.firstChild?.textContent).toBe(
      "Wed (time not listed); Sat 2:00 PM–4:00 PM (Gi); 1st & 3rd Sun 10:00 AM",
    );
    expect(marks(schedule)).toEqual([{ tag: "Check with the gym", reason: AMPM, hidden: true }]);
    await view.unmount();
  });
});

describe("Hydration", () => {
  it("the list row and the session list hydrate to the server's HTML, whatever the browser's zone", async () => {
    const summary = toSchoolSummary(apiSchool({ sessions: [monthly, weekly, dated, seasonal] }));
    const ui = (
      <>
        <ul>
          <SchoolListItem row={rowFromSummary(summary)} onOpen={() => undefined} />
        </ul>
        <SessionList sessions={summary.sessions} untimed={summary.untimed} />
      </>
    );
    // The browser as far from the server as a zone goes (UTC+14).
    const { html, before, after, logged } = await hydratesIn("Pacific/Kiritimati", ui);
    expect(logged).toEqual([]);
    expect(after).toBe(before);
    expect(html).toContain("1st &amp; 3rd Sun 10:00 AM");
  });
});
