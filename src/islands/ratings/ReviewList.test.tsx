import { afterEach, describe, expect, it } from "bun:test";
import { type ReviewsPage, ratingTexts as texts } from "../../common/schemas/ratings";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { hydratesIn } from "../lib/test-hydration";
import { buttonNamed, jsonResponse as json, mockFetch, withMockedFetch } from "../posts/test-fixtures";
import SchoolReviews from "../SchoolReviews";
import { resetPageQueryClient } from "../users/query-client";
import { AT, area, button, dialog, own, review, typeInto } from "./test-fixtures";

withDom();
const api = withMockedFetch();
afterEach(() => resetPageQueryClient());

const posted = (method: string) => api.calls.filter((c) => c.method === method);

const firstPage: ReviewsPage = {
  reviews: [review(12), review(11, { author: null, review: null, stars: 2 })],
  nextBeforeId: 11,
};

async function reviewsSection(
  signedIn: boolean,
  answers: Record<string, () => Response> = {},
  initial: ReviewsPage = firstPage,
) {
  api.calls = mockFetch(answers);
  const view = await render(
    <SchoolReviews
      schoolId={7}
      gym="Alpha BJJ"
      timeZone="America/Chicago"
      signedIn={signedIn}
      initial={initial}
    />,
  );
  await wait(20);
  return view;
}

describe("the school page's reviews", () => {
  it("lists the first page as rendered, asks a guest's browser nothing, and loads more with focus on the first new one", async () => {
    const view = await reviewsSection(false, {
      "GET /api/schools/7/reviews?beforeId=11": () => json({ reviews: [review(9)], nextBeforeId: null }),
    });
    expect(api.calls).toEqual([]);
    const items = [...view.container.querySelectorAll(".review")];
    expect(items.map((i) => i.textContent)).toEqual([
      "★★★★☆ 4 of 5 stars, member12 · Mar 3, 2026Review 12",
      "★★☆☆☆ 2 of 5 stars, A member · Mar 3, 2026",
    ]);
    // A guest gets no profile links, no report and no rating button.
    expect(view.container.querySelector("a")).toBeNull();
    expect(view.container.querySelectorAll("button")).toHaveLength(1);
    await expectAxeClean(view.container);
    await click(button(view.container, texts.loadMore));
    await wait(20);
    const after = [...view.container.querySelectorAll(".review")];
    expect(after).toHaveLength(3);
    expect(document.activeElement).toBe(after[2] as Element);
    expect(buttonNamed(view.container, texts.loadMore)).toBeUndefined();
    await view.unmount();
  });

  it("says when there are none", async () => {
    const view = await reviewsSection(false, {}, { reviews: [], nextBeforeId: null });
    expect(view.container.textContent).toBe(`${texts.heading}${texts.none}`);
    await view.unmount();
  });

  it("a member may report others' reviews but not their own; authors link to their profiles", async () => {
    const view = await reviewsSection(true, {
      "GET /api/schools/7/rating": () => json({ rating: { ...own(4), id: 12 }, canRate: true }),
      "GET /api/schools/7/owners/me": () => json({ owner: false, manage: false, claim: null }),
      "POST /api/reports": () =>
        json({ id: 1, kind: "review", subjectId: 11, reason: "Spam", status: "open" }, 201),
    });
    const reports = [...view.container.querySelectorAll("button")].filter((b) => b.textContent === "Report");
    expect(reports.map((b) => b.getAttribute("aria-label"))).toEqual([`${texts.report} by ${texts.aMember}`]);
    expect(view.container.querySelector('a[href="/users/112"]')?.textContent).toBe("member12");
    expect(buttonNamed(view.container, texts.answer)).toBeUndefined();
    await click(reports[0] as HTMLButtonElement);
    expect(dialog().querySelector("h2")?.textContent).toBe(`${texts.report} by ${texts.aMember}`);
    await expectAxeClean(view.container);
    await view.unmount();
  });

  it("an owner answers a review once: a labelled dialog, then the answer in place, with focus on it", async () => {
    const view = await reviewsSection(true, {
      "GET /api/schools/7/rating": () => json({ rating: null, canRate: false }),
      "GET /api/schools/7/owners/me": () => json({ owner: true, manage: true, claim: null }),
      "POST /api/schools/7/reviews/12/reply": () =>
        json(review(12, { ownerReply: { text: "Thanks for coming!", at: AT } })),
    });
    const answers = [...view.container.querySelectorAll("button")].filter(
      (b) => b.textContent === texts.answer,
    );
    expect(answers).toHaveLength(2);
    await click(answers[0] as HTMLButtonElement);
    expect(document.activeElement).toBe(area());
    expect(dialog().querySelector(`label[for="${area().id}"]`)?.textContent).toBe(texts.answerLabel);
    await expectAxeClean(dialog());
    await click(button(dialog(), texts.send));
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe(texts.replyRequired);
    await typeInto("Thanks for coming!");
    await click(button(dialog(), texts.send));
    await wait(20);
    expect(posted("POST")).toEqual([
      { method: "POST", url: "/api/schools/7/reviews/12/reply", body: { text: "Thanks for coming!" } },
    ]);
    expect(document.querySelector("dialog")).toBeNull();
    const answer = view.container.querySelector(".review-answer") as HTMLElement;
    expect(answer.textContent).toBe(`${texts.answerHeading}Thanks for coming!`);
    expect(document.activeElement).toBe(answer);
    expect(
      [...view.container.querySelectorAll("button")].filter((b) => b.textContent === texts.answer),
    ).toHaveLength(1);
    await view.unmount();
  });
});

describe("hydration", () => {
  it("the server's HTML (in UTC) hydrates in a browser in New York without a warning", async () => {
    const ui = (
      <SchoolReviews
        schoolId={7}
        gym="Alpha BJJ"
        timeZone="America/Chicago"
        signedIn={false}
        initial={firstPage}
      />
    );
    const { before, after, recoverable } = await hydratesIn("America/New_York", ui);
    expect(recoverable).toEqual([]);
    expect(after).toBe(before);
    expect(api.calls).toEqual([]);
  });
});
