import { afterEach, describe, expect, it } from "bun:test";
import { type MyRating, ratingTexts as texts } from "../../common/schemas/ratings";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { jsonResponse as json, mockFetch, withMockedFetch } from "../posts/test-fixtures";
import { resetPageQueryClient } from "../users/query-client";
import { RateGym } from "./RateGym";
import { area, button, dialog, own, radios, result, typeInto } from "./test-fixtures";

withDom();
const api = withMockedFetch();
afterEach(() => resetPageQueryClient());

const posted = (method: string) => api.calls.filter((c) => c.method === method);

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
