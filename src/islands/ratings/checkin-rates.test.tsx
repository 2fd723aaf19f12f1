import { afterEach, describe, expect, it } from "bun:test";
import { act } from "react";
import { ratingTexts as texts } from "../../common/schemas/ratings";
import { CheckInButton } from "../checkins/CheckInButton";
import { withDom } from "../home/test-dom";
import { render, wait } from "../home/test-render";
import { buttonNamed, jsonResponse as json, mockFetch, withMockedFetch } from "../posts/test-fixtures";
import { RateGym } from "./RateGym";

withDom();
const api = withMockedFetch();
afterEach(() => {
  Reflect.deleteProperty(navigator, "geolocation");
});

/** A position watch that reports the gym's position at once. */
function atTheGym() {
  Object.defineProperty(navigator, "geolocation", {
    configurable: true,
    value: {
      watchPosition(ok: PositionCallback) {
        setTimeout(() =>
          ok({ coords: { latitude: 30.1, longitude: -97.2, accuracy: 8 } } as unknown as GeolocationPosition),
        );
        return 1;
      },
      clearWatch() {},
    },
  });
}

describe("a verified check-in on the page (issue 22)", () => {
  it("asks again whether the member may rate, so 'Rate this gym' appears", async () => {
    atTheGym();
    let canRate = false;
    api.calls = mockFetch({
      "GET /api/checkins": () => json([]),
      "GET /api/schools/7/rating": () => json({ rating: null, canRate }),
      "POST /api/checkins": () => {
        canRate = true;
        return json(
          { id: 9, schoolId: 7, checkedInAt: new Date().toISOString(), verified: true, school: null },
          201,
        );
      },
    });
    const view = await render(
      <>
        <CheckInButton schoolId={7} signedIn />
        <RateGym schoolId={7} gym="Alpha BJJ" signedIn explain />
      </>,
    );
    await wait(20);
    expect(view.container.textContent).toContain(texts.checkInFirst);
    await act(async () => buttonNamed(view.container, "Check In")?.click());
    await wait(60);
    expect(api.calls.filter((c) => c.url === "/api/schools/7/rating")).toHaveLength(2);
    expect(buttonNamed(view.container, texts.rate)).toBeDefined();
    await view.unmount();
  });
});
