/**
 * Going to an open mat end to end (issue 22), against the shared binary: two members say
 * 'I'm going' on the school page (the count shows 2, the names dialog passes axe); one opts
 * in to push for cancellations on a device whose push service runs in this test
 * (support/push-receiver.ts: headless Chromium cannot subscribe itself offline, so /account's
 * push card is checked as far as it goes, its failure included, with axe, and the device is
 * posted through the API); an admin
 * cancels that open mat on /admin; both members get the bell item without a reload, and the
 * push service receives, for the opted-in device only, a message that decrypts with the
 * device's keys to the cancellation. Then a member checks in at a gym whose open mat started
 * ten minutes ago, rates it in 'Rate this gym' (axe on the dialog), and the school page and
 * its JSON-LD show the rating and the review.
 */
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { pushTexts } from "../../src/common/schemas/push";
import { ratingTexts } from "../../src/common/schemas/ratings";
import { header, hydratedIsland, newMember, registerViaApi, signedInMember } from "./support/accounts";
import { signedInAdmin, submitOpenMat } from "./support/admin";
import { expectNoViolations } from "./support/axe";
import { startedMinutesAgo } from "./support/open-now-server";
import { sameOrigin } from "./support/origin";
import { startPushReceiver } from "./support/push-receiver";

interface OccurrenceJson {
  date: string;
  start: number | null;
  startsAt: string | null;
  status: string;
  goingCount: number;
}

const bell = (page: Page, count: number) =>
  header(page).getByRole("button", { name: `Notifications, ${count} unread` });

/** A member's open mat approved by the admin: the school's id, slug and place. */
async function listedGym(browser: Browser, gym: string, dayAndTime: string) {
  const submitter = await signedInMember(browser, "goingsub");
  const submissionId = await submitOpenMat(submitter.page.request, gym, dayAndTime);
  await submitter.close();
  const admin = await signedInAdmin(browser);
  const approved = await admin.page.request.post(
    `/api/admin/submissions/${submissionId}/approve`,
    sameOrigin({ data: {} }),
  );
  expect(approved.status(), await approved.text()).toBe(200);
  const found = await admin.page.request.get(
    `/api/admin/schedule-exceptions/schools?q=${encodeURIComponent(gym)}`,
  );
  const [school] = ((await found.json()) as { schools: { id: number }[] }).schools;
  expect(school).toBeDefined();
  const view = (await (await admin.page.request.get(`/api/schools/${school?.id}`)).json()) as {
    id: number;
    slug: string;
    latitude: number;
    longitude: number;
  };
  return { admin, school: view };
}

/** Says 'I'm going' to the open mat starting at `startsAt` on the school page; its line. */
async function sayGoing(page: Page, slug: string, startsAt: string) {
  await page.goto(`/schools/${slug}`);
  const weeks = page.getByRole("region", { name: "Next 4 weeks" });
  const line = weeks.getByRole("listitem").filter({ has: page.locator(`time[datetime="${startsAt}"]`) });
  await expect(line.locator('[data-island="GoingToggle"]')).toHaveAttribute("data-hydrated", "true");
  const toggle = line.getByRole("button", { name: /^I'm going\s*, / });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  return line;
}

test("two members go; a cancellation reaches both bells live and the opted-in device by push", async ({
  browser,
}) => {
  test.slow();
  const push = await startPushReceiver();
  const gym = `Going Tonight ${randomBytes(3).toString("hex")} BJJ`;
  const { admin, school } = await listedGym(browser, gym, "Sunday 10:00am - 12:00pm");

  // The next open mat at least ten minutes away, as the API lists it.
  const listed = (await (await admin.page.request.get(`/api/schools/${school.id}/occurrences`)).json()) as {
    occurrences: OccurrenceJson[];
  };
  const next = listed.occurrences.find(
    (o) => o.status === "scheduled" && o.startsAt && Date.parse(o.startsAt) > Date.now() + 10 * 60_000,
  );
  if (!next?.startsAt || next.start === null) throw new Error(`no open mat ahead: ${JSON.stringify(listed)}`);
  const key = `${next.date}@${next.start}`;

  const a = await signedInMember(browser, "goinga");
  const b = await signedInMember(browser, "goingb");
  await sayGoing(a.page, school.slug, next.startsAt);
  const lineB = await sayGoing(b.page, school.slug, next.startsAt);
  await expect(lineB.getByRole("button", { name: /^2 going\s*, / })).toBeVisible();
  const counted = (await (await a.page.request.get(`/api/schools/${school.id}/occurrences`)).json()) as {
    occurrences: OccurrenceJson[];
  };
  expect(counted.occurrences.find((o) => o.startsAt === next.startsAt)?.goingCount).toBe(2);

  // Who's going: b sees their own name, and that the other keeps their name (followers only, by default).
  await lineB.getByRole("button", { name: /^2 going\s*, / }).click();
  const names = b.page.getByRole("dialog", { name: "Who's going" });
  await expect(names).toContainText(`@${b.member.username}`);
  await expect(names).toContainText("1 more member keeps their name to themselves.");
  await expectNoViolations(b.page);
  await b.page.keyboard.press("Escape");
  await expect(names).toHaveCount(0);
  await expect(lineB.getByRole("button", { name: /^2 going\s*, / })).toBeFocused();

  // a's /account: this browser's push card. With notifications allowed the card offers to turn
  // them on; Chromium then asks its push service, which it cannot reach with the network
  // closed, and the card says it could not. So the device a real browser would make (its keys,
  // an endpoint on the local push service) is posted through the API with a's own session.
  await a.page.context().grantPermissions(["notifications"]);
  await a.page.goto("/account");
  const card = await hydratedIsland(a.page, "PushSettings");
  await expect(card).toContainText(pushTexts.intro);
  await expect(card.getByRole("button", { name: pushTexts.turnOn })).toBeVisible();
  await expectNoViolations(a.page);
  await card.getByRole("button", { name: pushTexts.turnOn }).click();
  await expect(card.getByRole("alert")).toHaveText(pushTexts.failed, { timeout: 15_000 });
  await expect(card.getByRole("button", { name: pushTexts.turnOn })).toBeEnabled();
  await expectNoViolations(a.page);
  const device = await push.device();
  const subscribed = await a.page.request.post(
    "/api/push/subscriptions",
    sameOrigin({ data: { ...device.subscription, kinds: ["cancellations"] } }),
  );
  expect(subscribed.status(), await subscribed.text()).toBe(201);

  for (const m of [a, b]) {
    await m.page.goto("/profile");
    await hydratedIsland(m.page, "NavBadges");
    await expect(bell(m.page, 0)).toBeVisible();
  }

  // The admin cancels that open mat on /admin.
  const page = admin.page;
  await page.goto("/admin");
  const island = await hydratedIsland(page, "AdminDashboard");
  await island.getByRole("tab", { name: "Cancellations" }).click();
  const panel = island.getByRole("tabpanel", { name: "Cancellations" });
  await panel.getByRole("button", { name: "Cancel an open mat" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel an open mat" });
  await dialog.getByLabel("Find the school").fill(gym);
  const schoolSelect = dialog.getByLabel("School", { exact: true });
  await expect(schoolSelect.locator("option", { hasText: gym })).toHaveCount(1);
  await schoolSelect.selectOption(String(school.id));
  const slot = dialog.getByLabel("Open mat", { exact: true });
  await expect(slot.locator(`option[value="${key}"]`)).toBeAttached();
  await slot.selectOption(key);
  await dialog.getByLabel("Reason").fill("Mats being replaced");
  await dialog.getByRole("button", { name: "Cancel open mat" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Open mat cancelled" })).toBeVisible();

  // Both goers: the bell item arrives by the live stream, no reload.
  for (const m of [a, b]) {
    await expect(bell(m.page, 1)).toBeVisible({ timeout: 10_000 });
    await bell(m.page, 1).click();
    await expect(
      m.page.getByRole("dialog", { name: "Notifications" }).getByRole("link", { name: /is cancelled/ }),
    ).toContainText(`Open mat at ${gym} on`);
  }

  // The push service: one message, for a's device, that decrypts to the cancellation.
  await expect.poll(() => push.received.length, { timeout: 10_000 }).toBe(1);
  const [got] = push.for(device);
  if (!got) throw new Error("the push went to another device");
  expect(got.headers.get("content-encoding")).toBe("aes128gcm");
  const payload = (await device.decrypt(got.body)) as Record<string, unknown>;
  expect(payload).toMatchObject({ title: "Open mat cancelled", kind: "cancellations" });
  expect(String(payload.body)).toContain(`Open mat at ${gym} on`);
  expect(String(payload.body)).toContain("is cancelled: Mats being replaced");
  expect(payload.link).toBe(`/schools/${school.slug}`);

  await Promise.all([a.close(), b.close(), admin.close()]);
  await push.stop();
});

test("a member who checked in rates the gym: the page and its JSON-LD show the rating and review", async ({
  browser,
  request,
}) => {
  test.slow();
  const gym = `Rate Me ${randomBytes(3).toString("hex")} Grappling`;
  // An open mat that started ten minutes ago in Austin's zone: check-ins are open now.
  const { admin, school } = await listedGym(
    browser,
    gym,
    `Every day ${startedMinutesAgo(10, "America/Chicago")}`,
  );
  await admin.close();
  const context = await browser.newContext({
    geolocation: { latitude: school.latitude, longitude: school.longitude, accuracy: 5 },
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  const member = await registerViaApi(page.request, newMember("rater"));

  await page.goto(`/schools/${school.slug}`);
  const reviews = await hydratedIsland(page, "SchoolReviews");
  await expect(reviews).toContainText(ratingTexts.checkInFirst);
  const checkIn = await hydratedIsland(page, "SchoolCheckIn");
  await checkIn.getByRole("button", { name: "Check In" }).click();
  const celebration = page.getByRole("dialog", { name: "Congratulations! You've earned a badge!" });
  await celebration.getByRole("button", { name: "Continue Exploring!" }).click();

  const rate = reviews.getByRole("button", { name: ratingTexts.rate });
  await rate.click();
  const dialog = page.getByRole("dialog", { name: ratingTexts.rate });
  await expect(dialog.getByRole("radio", { name: "1 star", exact: true })).toBeFocused();
  await expectNoViolations(page);
  await dialog.getByRole("radio", { name: "4 stars" }).check();
  const review = "Friendly rolls, clean mats, everyone welcome.";
  await dialog.getByLabel(ratingTexts.reviewLabel).fill(review);
  await dialog.getByRole("button", { name: ratingTexts.save }).click();
  await expect(dialog).toHaveCount(0);
  await expect(reviews.getByRole("status")).toHaveText(ratingTexts.saved);
  await expect(reviews.getByRole("button", { name: ratingTexts.edit })).toBeFocused();
  await expect(reviews.getByRole("article", { name: member.username })).toContainText(review);

  // After a reload, and for a guest: the rating in the details and in the JSON-LD.
  await page.reload();
  await expect(page.getByText("Rating 4.0 (1 review)")).toBeVisible();
  await expect(page.getByRole("article", { name: member.username })).toContainText(review);
  const guestHtml = await (await request.get(`/schools/${school.slug}`)).text();
  for (const html of [await page.content(), guestHtml]) {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
    );
    const place = blocks.find((b) => b["@type"] === "SportsActivityLocation");
    expect(place?.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: "4.0",
      reviewCount: 1,
    });
    expect(place?.review).toEqual([
      expect.objectContaining({
        "@type": "Review",
        author: { "@type": "Person", name: member.username },
        reviewRating: expect.objectContaining({ ratingValue: 4 }),
        reviewBody: review,
      }),
    ]);
  }
  await context.close();
});
