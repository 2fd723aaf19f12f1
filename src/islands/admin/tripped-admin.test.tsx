import { describe, expect, it } from "bun:test";
import { withDom } from "../home/test-dom";
import { render } from "../home/test-render";
import { withMockedFetch } from "../posts/test-fixtures";
import { AdminDashboardView } from "./AdminDashboardView";
import type { AdminDashboardProps, FeedbackEntry, PendingSubmission } from "./types";

// Issue 23, what the admin sees on a phone: the submitter's username, pending submissions of
// one gym flagged as each other's duplicates, e-mails and links that break after "@" and "/",
// and the Feedback Dashboard's city said once.
withDom();
withMockedFetch();

const submission = (id: number, over: Partial<PendingSubmission> = {}): PendingSubmission => ({
  id,
  submitterId: 38,
  submitterName: "casey",
  gym: "Riverside Grappling Club",
  address: "500 W 2nd St, Austin, TX 78701",
  dayAndTime: "Saturday 10am-12pm",
  link: "https://riverside.example/open-mat/schedule",
  communityNotes: null,
  emailForConfirmation: "someone.with.a.long.name@example.com",
  latitude: 30.2713,
  longitude: -97.7426,
  city: "Austin",
  state: "TX",
  sessions: [{ weekday: 6, start: 600, end: 720, notes: [] }],
  unparsed: [],
  review: [],
  needsReview: false,
  createdAt: "2026-11-01T10:00:00.000Z",
  duplicates: [],
  pendingDuplicates: [],
  ...over,
});

const props = (over: Partial<AdminDashboardProps> = {}): AdminDashboardProps => ({
  submissions: [submission(1)],
  feedback: [],
  audit: { entries: [], nextBeforeId: null },
  reports: [],
  stale: {
    flagged: { kind: "flagged", schools: [], total: 0, nextOffset: null },
    unconfirmed: { kind: "unconfirmed", schools: [], total: 0, nextOffset: null },
  },
  ...over,
});

describe("Submissions queue (issue 23)", () => {
  it("names the submitter by username, not 'Member #38', linking to their profile", async () => {
    const view = await render(<AdminDashboardView {...props()} />);
    const facts = view.container.querySelector(".admin-facts") as HTMLElement;
    expect(facts.textContent).toContain("@casey");
    expect(facts.textContent).not.toContain("Member #38");
    await view.unmount();
  });

  it("lists another pending submission of the same gym under 'Possible duplicates', linked to it in the queue", async () => {
    const pending = { id: 2, gym: "Riverside Grappling Club", address: "500 W 2nd St, Austin, TX 78701" };
    const view = await render(
      <AdminDashboardView
        {...props({
          submissions: [
            submission(1, {
              pendingDuplicates: [{ ...pending, distanceKm: 0, reasons: ["pendingSubmission"] }],
            }),
            submission(2, {
              pendingDuplicates: [{ ...pending, id: 1, distanceKm: 0, reasons: ["pendingSubmission"] }],
            }),
          ],
        })}
      />,
    );
    const [first, second] = [...view.container.querySelectorAll(".admin-submission")] as HTMLElement[];
    expect(first?.id).toBe("submission-1");
    expect(first?.querySelector(".admin-duplicates")?.textContent).toContain("(also pending)");
    expect(first?.querySelector('.admin-duplicates a[href="#submission-2"]')).not.toBeNull();
    expect(second?.querySelector('.admin-duplicates a[href="#submission-1"]')).not.toBeNull();
    // Merge offers schools only: a pending submission is no school to merge into.
    expect(first?.querySelector("select")).toBeNull();
    await view.unmount();
  });

  it("lets the e-mail and link wrap after '@', '/' and before '.', and nowhere else", async () => {
    const view = await render(<AdminDashboardView {...props()} />);
    const mail = view.container.querySelector('a[href^="mailto:"]') as HTMLElement;
    expect(mail.className).toBe("breakable");
    expect(mail.textContent).toBe("someone.with.a.long.name@example.com");
    expect(mail.innerHTML).toBe("someone<wbr>.with<wbr>.a<wbr>.long<wbr>.name@<wbr>example<wbr>.com");
    const link = view.container.querySelector('a[href^="https://riverside"]') as HTMLElement;
    expect(link.className).toBe("breakable");
    expect(link.textContent).toBe("https://riverside.example/open-mat/schedule");
    expect(link.innerHTML).toContain("open-mat/<wbr>schedule");
    // The address, ordinary text, carries no break opportunities of its own.
    expect(view.container.querySelector(".admin-facts dd")?.innerHTML).toBe("500 W 2nd St, Austin, TX 78701");
    await view.unmount();
  });
});

describe("Feedback Dashboard (issue 23)", () => {
  const entry: FeedbackEntry = {
    id: 9,
    schoolId: 40,
    communityNotes: "",
    privateComments: "",
    submittedAt: "2026-11-02T18:30:00.000Z",
    schoolName: "Austin BJJ",
    address: "1 Main St, Austin, TX 78701",
    city: "Austin",
  };

  it("says the city once when the address already has it, and adds it when it does not", async () => {
    const view = await render(
      <AdminDashboardView {...props({ feedback: [entry, { ...entry, id: 10, address: "2 Oak St" }] })} />,
    );
    const lines = [...view.container.querySelectorAll(".admin-feedback .card > h3 + p.muted")].map(
      (p) => p.textContent,
    );
    expect(lines).toEqual(["1 Main St, Austin, TX 78701", "2 Oak St, Austin"]);
    await view.unmount();
  });
});
