import { afterEach, describe, expect, it } from "bun:test";
import { act } from "react";
import {
  type MyRating,
  type RatingResult,
  type ReviewsPage,
  type ReviewView,
  ratingTexts as texts,
} from "../../common/schemas/ratings";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { buttonNamed, jsonResponse as json, mockFetch, withMockedFetch } from "../posts/test-fixtures";
import SchoolReviews from "../SchoolReviews";
import { resetPageQueryClient } from "../users/query-client";
import { RateGym } from "./RateGym";

withDom();
const api = withMockedFetch();
afterEach(() => resetPageQueryClient());

const AT = "2026-03-03T18:00:00.000Z";
const own = (stars: number, review: string | null = null): NonNullable<MyRating["rating"]> => ({
  id: 40,
  stars,
  review,
  createdAt: AT,
  updatedAt: AT,
  ownerReply: null,
});
const result = (rating: MyRating["rating"]): RatingResult => ({
  rating,
  canRate: true,
  school: { rating: rating?.stars ?? null, reviewCount: rating ? 1 : 0 },
});
const review = (id: number, over: Partial<ReviewView> = {}): ReviewView => ({
  id,
  stars: 4,
  review: `Review ${id}`,
  createdAt: AT,
  updatedAt: AT,
  author: { id: 100 + id, username: `member${id}` },
  ownerReply: null,
  ...over,
});

const dialog = () => document.querySelector("dialog") as HTMLDialogElement;
const radios = () => [...dialog().querySelectorAll<HTMLInputElement>('input[type="radio"]')];
const area = () => dialog().querySelector("textarea") as HTMLTextAreaElement;
const button = (root: ParentNode, name: string) => buttonNamed(root, name) as HTMLButtonElement;
const posted = (method: string) => api.calls.filter((c) => c.method === method);

async function typeInto(text: string, target = area()) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(target, text);
    target.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function rateGym(mine: MyRating, answers: Record<string, () => Response> = {}) {
  api.calls = mockFetch({ "GET /api/schools/7/rating": () => json(mine), ...answers });
  const view = await render(<RateGym schoolId={7} gym="Alpha BJJ" signedIn explain />);
  await wait(20);
  return view;
}

describe("Rate this gym", () => {
  it("shows nothing to a guest and asks nothing; tells a member with no check-in why", async () => {
    const guest = await render(<RateGym schoolId={7} gym="Alpha BJJ" signedIn={false} explain />);
    await wait(20);
    expect(guest.container.textContent).toBe("");
    expect(api.calls).toEqual([]);
    await guest.unmount();
    const member = await rateGym({ rating: null, canRate: false });
    expect(member.container.textContent).toBe(texts.checkInFirst);
    expect(member.container.querySelector("button")).toBeNull();
    await member.unmount();
  });

  it("a labelled radio group and review; no stars is named at the stars; a rating is saved and said", async () => {
    const view = await rateGym(
      { rating: null, canRate: true },
      { "PUT /api/schools/7/rating": () => json(result(own(4, "Great rolls"))) },
    );
    const opener = button(view.container, texts.rate);
    opener.focus();
    await click(opener);
    expect(dialog().open).toBe(true);
    expect(dialog().querySelector("legend")?.textContent).toBe(texts.starsLegend);
    expect(radios().map((r) => r.closest("label")?.textContent)).toEqual([
      "1 star",
      "2 stars",
      "3 stars",
      "4 stars",
      "5 stars",
    ]);
    expect(document.activeElement).toBe(radios()[0] as HTMLInputElement);
    expect(dialog().querySelector(`label[for="${area().id}"]`)?.textContent).toBe(texts.reviewLabel);
    await expectAxeClean(dialog());

    await click(button(dialog(), texts.save));
    const alert = dialog().querySelector('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toBe(texts.starsInvalid);
    expect(dialog().querySelector("fieldset")?.getAttribute("aria-describedby")).toBe(alert.id);
    expect(document.activeElement).toBe(radios()[0] as HTMLInputElement);
    expect(posted("PUT")).toEqual([]);
    await expectAxeClean(dialog());

    await click(radios()[3] as HTMLInputElement);
    await typeInto("  Great rolls  ");
    expect(dialog().querySelector(".char-count")?.textContent).toBe("15/500");
    await click(button(dialog(), texts.save));
    await wait(20);
    expect(posted("PUT")).toEqual([
      { method: "PUT", url: "/api/schools/7/rating", body: { stars: 4, review: "Great rolls" } },
    ]);
    expect(document.querySelector("dialog")).toBeNull();
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe(texts.saved);
    expect(view.container.textContent).toContain("Your rating: 4 stars");
    // Focus is back on the opener, now 'Edit your rating'.
    expect(document.activeElement).toBe(opener);
    expect(opener.textContent).toBe(texts.edit);
    await view.unmount();
  });

  it("a review over 500 characters is refused at the field before anything is sent", async () => {
    const view = await rateGym({ rating: null, canRate: true });
    await click(button(view.container, texts.rate));
    await click(radios()[4] as HTMLInputElement);
    await typeInto("x".repeat(501));
    expect(dialog().querySelector(".char-count-over")?.textContent).toBe("501/500");
    expect(area().getAttribute("aria-invalid")).toBe("true");
    await click(button(dialog(), texts.save));
    const alert = dialog().querySelector('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toBe(texts.reviewTooLong);
    expect(area().getAttribute("aria-describedby")).toContain(alert.id);
    expect(document.activeElement).toBe(area());
    expect(posted("PUT")).toEqual([]);
    await view.unmount();
  });

  it("the server's refusal is shown in the dialog, which stays open", async () => {
    const view = await rateGym(
      { rating: null, canRate: true },
      { "PUT /api/schools/7/rating": () => json({ message: texts.checkInFirst }, 403) },
    );
    await click(button(view.container, texts.rate));
    await click(radios()[2] as HTMLInputElement);
    await click(button(dialog(), texts.save));
    await wait(20);
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe(texts.checkInFirst);
    await view.unmount();
  });

  it("a rating given opens as it is; deleting asks first, then deletes and says so", async () => {
    const view = await rateGym(
      { rating: own(2, "Crowded"), canRate: true },
      { "DELETE /api/schools/7/rating": () => json(result(null)) },
    );
    const opener = button(view.container, texts.edit);
    opener.focus();
    await click(opener);
    expect(dialog().querySelector("h2")?.textContent).toBe(texts.edit);
    expect(radios()[1]?.checked).toBe(true);
    expect(document.activeElement).toBe(radios()[1] as HTMLInputElement);
    expect(area().value).toBe("Crowded");
    await click(button(dialog(), texts.remove));
    expect(dialog().textContent).toContain(texts.confirmRemove);
    expect(document.activeElement).toBe(button(dialog(), texts.keep));
    await expectAxeClean(dialog());
    await click(button(dialog(), texts.keep));
    expect(document.activeElement).toBe(button(dialog(), texts.remove));
    expect(posted("DELETE")).toEqual([]);
    await click(button(dialog(), texts.remove));
    await click(button(dialog(), texts.remove));
    await wait(20);
    expect(posted("DELETE")).toHaveLength(1);
    expect(document.querySelector("dialog")).toBeNull();
    expect(view.container.querySelector('[role="status"]')?.textContent).toBe(texts.removed);
    expect(opener.textContent).toBe(texts.rate);
    expect(document.activeElement).toBe(opener);
    await view.unmount();
  });
});

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
    const { renderToString } = await import("react-dom/server");
    const { hydrateRoot } = await import("react-dom/client");
    const ui = (
      <SchoolReviews
        schoolId={7}
        gym="Alpha BJJ"
        timeZone="America/Chicago"
        signedIn={false}
        initial={firstPage}
      />
    );
    const zone = process.env.TZ;
    process.env.TZ = "UTC";
    const html = renderToString(ui);
    process.env.TZ = "America/New_York";
    const errors: unknown[] = [];
    const container = document.createElement("div");
    container.innerHTML = html;
    const before = container.innerHTML;
    document.body.append(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    try {
      await act(async () => {
        root = hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) });
      });
      await wait(20);
    } finally {
      process.env.TZ = zone;
    }
    expect(errors).toEqual([]);
    expect(container.innerHTML).toBe(before);
    expect(api.calls).toEqual([]);
    await act(async () => root?.unmount());
    container.remove();
  });
});
