import { describe, expect, it } from "bun:test";
import { renderToString } from "react-dom/server";
import { toSchoolSummary } from "../../common/home";
import type { VisitorRules } from "../../common/schemas/visitor-rules";
import { jsonResponse, mockFetch } from "../posts/test-fixtures";
import { PopupCard } from "./PopupCard";
import { SchoolDetailDialog } from "./SchoolDetailDialog";
import { SessionList } from "./SchoolSchedule";
import { type ApiSchool, rowFromSummary } from "./school-api";
import { withDom } from "./test-dom";
import { homeProps, render, wait } from "./test-render";
import { createHomeStore, HomeStoreContext } from "./use-home-state";
import { VisitorRulesList, VisitorRulesSection } from "./VisitorRules";

withDom();

const items = async (rules: VisitorRules | undefined) => {
  const view = await render(<VisitorRulesList rules={rules} />);
  const list = [...view.container.querySelectorAll("li")].map((li) => li.textContent);
  await view.unmount();
  return list;
};

describe("VisitorRulesList", () => {
  it("shows each known rule as a short item", async () => {
    expect(await items({ matFee: 10 })).toEqual(["Mat fee: $10"]);
    expect(await items({ matFee: 12.5 })).toEqual(["Mat fee: $12.50"]);
    expect(await items({ matFee: 0 })).toEqual(["Free"]);
    expect(await items({ attire: "gi" })).toEqual(["Gi"]);
    expect(await items({ attire: "nogi" })).toEqual(["No-Gi"]);
    expect(await items({ attire: "both" })).toEqual(["Gi & No-Gi"]);
    expect(await items({ level: "all" })).toEqual(["All levels"]);
    expect(await items({ level: "beginners" })).toEqual(["Beginners welcome"]);
    expect(await items({ level: "experienced" })).toEqual(["Experienced only"]);
    expect(await items({ womenOnly: true })).toEqual(["Women only"]);
    expect(await items({ kids: "allowed", minAge: 12 })).toEqual(["Kids 12+"]);
    expect(await items({ kids: "allowed" })).toEqual(["Kids welcome"]);
    expect(await items({ kids: "adultsOnly" })).toEqual(["Adults only"]);
    expect(await items({ visitors: "membersOnly" })).toEqual(["Members only"]);
    expect(await items({ visitors: "welcome" })).toEqual(["Visitors welcome"]);
    expect(await items({ loanerGi: true })).toEqual(["Loaner gi available"]);
    expect(await items({ waiverUrl: "https://example.com/w" })).toEqual(["Sign the waiver ahead"]);
  });

  it("shows nothing for what is unknown or not so (an unknown fee is never free)", async () => {
    expect(await items(undefined)).toEqual([]);
    expect(await items({})).toEqual([]);
    expect(await items({ womenOnly: false, loanerGi: false })).toEqual([]);
    const view = await render(<VisitorRulesSection rules={{}} headingId="h" level="h2" />);
    expect(view.container.innerHTML).toBe("");
    await view.unmount();
  });

  it("lists them in a fixed order, the waiver as a link that opens apart", async () => {
    const view = await render(
      <VisitorRulesSection
        rules={{
          waiverUrl: "https://example.com/waiver",
          loanerGi: true,
          visitors: "welcome",
          kids: "adultsOnly",
          womenOnly: true,
          level: "beginners",
          attire: "nogi",
          matFee: 15,
        }}
        headingId="rules-h"
        level="h3"
      />,
    );
    const { container } = view;
    expect(container.querySelector("h3")?.textContent).toBe("Before you go");
    expect(container.querySelector("ul")?.getAttribute("aria-labelledby")).toBe("rules-h");
    expect([...container.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Mat fee: $15",
      "No-Gi",
      "Beginners welcome",
      "Women only",
      "Adults only",
      "Visitors welcome",
      "Loaner gi available",
      "Sign the waiver ahead",
    ]);
    const link = container.querySelector("a");
    expect(link?.getAttribute("href")).toBe("https://example.com/waiver");
    expect(link?.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    await view.unmount();
  });

  it("renders on the server as in the browser, without a label of its own when a heading names it", () => {
    const html = renderToString(<VisitorRulesList rules={{ attire: "gi" }} />);
    expect(html).toBe(
      '<ul class="visitor-rules" aria-label="Before you go"><li class="visitor-rule">Gi</li></ul>',
    );
  });
});

describe("a session's own rules", () => {
  it("follow its line in the schedule", async () => {
    const view = await render(
      <SessionList
        sessions={[
          { weekday: 6, start: 600, end: null, notes: [] },
          { weekday: 0, start: 600, end: null, notes: [], rules: { attire: "nogi", matFee: 0 } },
        ]}
      />,
    );
    expect([...view.container.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Sat 10:00 AM",
      "Sun 10:00 AM · Free · No-Gi",
    ]);
    await view.unmount();
  });
});

const apiSchool: ApiSchool = {
  id: 5,
  slug: "rules-gym",
  gym: "Rules Gym",
  address: "1 Main St, Austin, TX",
  city: "Austin",
  state: "TX",
  latitude: 30.2,
  longitude: -97.7,
  timeZone: "America/Chicago",
  dayAndTime: "Sat 10am",
  sessions: [{ weekday: 6, start: 600, end: null, notes: [] }],
  visitorRules: { matFee: 0, attire: "nogi", visitors: "welcome" },
  rating: null,
  reviewCount: 0,
  confirmedAt: null,
  website: null,
  communityNotes: null,
  monday: false,
  tuesday: false,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: true,
  sunday: false,
};
const homeStore = () => createHomeStore(homeProps());
const ruleItems = (root: ParentNode) =>
  [...root.querySelectorAll(".visitor-rule")].map((li) => li.textContent);

describe("the detail dialog and the popup", () => {
  it("the dialog shows 'Before you go' from what the list knows, before the details load", async () => {
    mockFetch({});
    const view = await render(
      <HomeStoreContext.Provider value={homeStore()}>
        <SchoolDetailDialog
          schoolId={5}
          known={toSchoolSummary(apiSchool)}
          signedIn={false}
          onClose={() => {}}
          onViewOnMap={() => {}}
        />
      </HomeStoreContext.Provider>,
    );
    const dialog = document.querySelector("dialog") as HTMLDialogElement;
    const heading = [...dialog.querySelectorAll("h3")].find((h) => h.textContent === "Before you go");
    expect(heading).toBeDefined();
    expect(dialog.querySelector(".visitor-rules")?.getAttribute("aria-labelledby")).toBe(heading?.id);
    expect(ruleItems(dialog)).toEqual(["Free", "No-Gi", "Visitors welcome"]);
    await view.unmount();
  });

  it("the popup shows them once the school's details load", async () => {
    mockFetch({ "GET /api/schools/5": () => jsonResponse(apiSchool) });
    const { visitorRules: _, ...fromPins } = apiSchool;
    const view = await render(
      <HomeStoreContext.Provider value={homeStore()}>
        <PopupCard
          row={rowFromSummary(toSchoolSummary(fromPins))}
          signedIn={false}
          onFeedback={() => {}}
          onDetails={() => {}}
        />
      </HomeStoreContext.Provider>,
    );
    expect(ruleItems(view.container)).toEqual([]);
    await wait(30);
    expect(ruleItems(view.container)).toEqual(["Free", "No-Gi", "Visitors welcome"]);
    expect(view.container.querySelector(".visitor-rules")?.getAttribute("aria-label")).toBe("Before you go");
    await view.unmount();
  });
});
