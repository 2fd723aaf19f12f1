import { beforeAll, describe, expect, it } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { expandOccurrences } from "../common/schedule/occurrences";
import type { OpenMatStatus } from "../common/schedule/open-now";
import type { SchoolView } from "../common/schemas/school";
import { withDom } from "../islands/home/test-dom";
import { IslandCollector, IslandCollectorContext, loadIslands } from "../server/render/island";
import { schoolPage } from "./school";

withDom();

const AMPM = '"2-4": am or pm is not written; read as 2:00 PM–4:00 PM';

const school: SchoolView = {
  id: 3,
  slug: "kinds-academy",
  gym: "Kinds Academy",
  location: "Somewhere",
  address: "1 Main St, Austin, TX",
  city: "Austin",
  state: "TX",
  zipCode: null,
  latitude: 30.2,
  longitude: -97.7,
  timeZone: "America/Chicago",
  phone: null,
  website: null,
  dayAndTime: "1st & 3rd Sun 10am; Sat 2-4; Wed; Sat Mar 28, 2026 3pm",
  communityNotes: null,
  rating: null,
  reviewCount: 0,
  monday: false,
  tuesday: false,
  wednesday: true,
  thursday: false,
  friday: false,
  saturday: true,
  sunday: true,
  noOpenMat: false,
  scheduleUnparsed: [],
  sessions: [
    { weekday: 0, start: 600, end: null, notes: [], ordinals: [1, 3] },
    { weekday: 6, start: 840, end: 960, notes: [], review: [AMPM] },
    { weekday: 6, start: 900, end: null, notes: [], date: "2026-03-28" },
  ],
  untimed: [{ weekday: 3, start: null, end: null, notes: [], timeNotListed: true }],
  isDemo: false,
  lastVerifiedAt: null,
  confirmedAt: null,
  provenance: null,
};

const noStatus: OpenMatStatus = { current: null, next: null };

function renderPage(
  view: SchoolView,
  upcoming = expandOccurrences([], [], view.timeZone, "2026-03-02", "2026-03-29"),
) {
  const page = schoolPage("https://openmat.example", view, noStatus, {
    signedIn: false,
    confirmed: null,
    upcoming,
  });
  const html = renderToStaticMarkup(
    <IslandCollectorContext.Provider value={new IslandCollector()}>
      {page.body}
    </IslandCollectorContext.Provider>,
  );
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

beforeAll(() => loadIslands());

describe("The school page's schedule", () => {
  it("lists each session as what it is, the unsure one marked with its reason in words", () => {
    const doc = renderPage(school);
    const lines = [...doc.querySelectorAll("ul.sessions > li")].map((li) => li.textContent);
    expect(lines).toEqual([
      "Wed (time not listed)",
      `Sat 2:00 PM–4:00 PM Check with the gym ${AMPM}`,
      "Sat Mar 28, 2026 3:00 PM",
      "1st & 3rd Sun 10:00 AM",
    ]);
    const mark = doc.querySelector("ul.sessions .check-with-gym");
    expect(mark?.querySelector(".tag")?.textContent).toBe("Check with the gym");
    expect(mark?.querySelector(".muted")?.textContent?.trim()).toBe(AMPM);
  });

  it("the next four weeks: a monthly Sunday only on its Sundays, untimed days, a moved open mat and where from", () => {
    const sessions = [...school.sessions, ...(school.untimed ?? [])];
    const exceptions = [
      {
        date: "2026-03-07",
        startMinute: 840,
        reason: "Seminar",
        moveTo: { date: "2026-03-08", start: 780, end: null },
      },
    ];
    const upcoming = expandOccurrences(sessions, exceptions, school.timeZone, "2026-03-02", "2026-03-15");
    const doc = renderPage(school, upcoming);
    const lines = [...doc.querySelectorAll("ul.occurrences > li")].map((li) => li.textContent);
    expect(lines).toEqual([
      "Wed, Mar 4, time not listed",
      "Sun, Mar 8, 1:00 PM Moved from Sat, Mar 7, 2:00 PM: Seminar",
      "Wed, Mar 11, time not listed",
      "Sat, Mar 14, 2:00 PM–4:00 PM",
      // The 3rd Sunday; the 2nd (Mar 8) has only the moved open mat.
      "Sun, Mar 15, 10:00 AM",
    ]);
  });

  it("shows the gym's own text when nothing parsed into a session", () => {
    const doc = renderPage({ ...school, sessions: [], untimed: undefined, scheduleUnparsed: ["sometimes"] });
    expect(doc.querySelector("ul.sessions")).toBeNull();
    expect(doc.querySelector("#upcoming")).toBeNull();
    expect(doc.textContent).toContain("The schedule could not be read; see the gym's own text.");
    expect(doc.textContent).toContain(`As the gym writes it: ${school.dayAndTime}`);
  });
});
