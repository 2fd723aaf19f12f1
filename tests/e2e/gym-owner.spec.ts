/**
 * A gym owner's journey end to end (issue 21): a member whose confirmed address is at the
 * gym's website domain claims it from the school page and is approved at once; on the manage
 * page they change the open mat's end time, set No-Gi and a mat fee, and cancel next
 * Saturday's open mat with a reason (axe with and without the dialog). A visitor, not signed
 * in, chooses the No-Gi chip and finds the gym, sees the fee and 'Updated by the gym today',
 * and the .ics carries the cancellation. Another member's claim waits on /admin's Claims tab,
 * which axe checks.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { hydratedIsland } from "./support/accounts";
import { signedInAdmin } from "./support/admin";
import { expectNoViolations } from "./support/axe";
import { dayChip, homeReady, listLinks } from "./support/home";
import { sameOrigin } from "./support/origin";
import { confirmedMember, gymDomain, listedGym } from "./support/owners";

interface Occurrence {
  date: string;
  start: number | null;
  startsAt: string;
  status: string;
}

/** "Sat, Nov 28", as the manage page labels a date (its own formatting, in UTC). */
const shortDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

test("an owner claims the gym by its domain and keeps it true; a visitor finds it by No-Gi and sees it", async ({
  browser,
}) => {
  // Eight browser contexts, two address confirmations and the home screen's map: a long journey.
  test.slow();
  const tag = randomBytes(3).toString("hex");
  const domain = gymDomain();
  const gym = `Owned ${tag} Jiu Jitsu`;
  const reason = "Closed for the holiday weekend";
  const school = await listedGym(browser, gym, `https://www.${domain}/schedule`);
  expect(school.timeZone).toBe("America/Chicago");
  // Next door, a Saturday open mat that says nothing of Gi or No-Gi: the No-Gi chip hides it.
  const plain = `Plain ${tag} Grappling`;
  await listedGym(browser, plain, "");

  // The coach's address is at a subdomain of the gym's site: approved at once.
  const owner = await confirmedMember(browser, "coach", `coach_${tag}@mail.${domain}`);
  const page = owner.page;
  await page.goto(`/schools/${school.slug}`);
  const manageGym = await hydratedIsland(page, "ManageGym");
  await manageGym.getByRole("button", { name: "Manage this gym" }).click();
  const claim = page.getByRole("dialog", { name: "Manage this gym" });
  const message = claim.getByLabel("Anything the reviewer should know (optional)");
  await expect(message).toBeFocused();
  await message.fill("Head coach");
  await claim.getByRole("button", { name: "Claim this gym" }).click();
  await expect(claim.getByRole("status")).toContainText("Approved — you can now manage this gym.");
  await expect(claim.getByRole("status")).toBeFocused();
  await claim.getByRole("link", { name: "Go to the manage page" }).click();
  await expect(page).toHaveURL(new RegExp(`/schools/${school.slug}/manage$`));
  await hydratedIsland(page, "ManageSchool");
  await expect(page.getByRole("heading", { level: 1, name: `Manage ${gym}` })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoViolations(page);

  // The schedule as rows: the open mat now ends at 12:30.
  const schedule = page.getByRole("region", { name: "Schedule" });
  const row = schedule.getByRole("group", { name: /^Open mat 1/ });
  await expect(row.getByLabel("Day", { exact: true })).toHaveValue("6");
  await row.getByLabel("End (optional)").fill("12:30");
  await schedule.getByRole("button", { name: "Save schedule" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Schedule saved" })).toBeVisible();
  await expect(schedule.locator("p", { hasText: "The listing reads:" })).toContainText(/12:30/i);

  // Visitor rules: No-Gi and a $15 mat fee.
  const rules = page.getByRole("region", { name: "Visitor rules" });
  await rules.getByLabel("Mat fee", { exact: true }).selectOption("amount");
  await rules.getByLabel("Mat fee in US dollars").fill("15");
  await rules.getByLabel("Gi or No-Gi").selectOption("nogi");
  await rules.getByRole("button", { name: "Save visitor rules" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Visitor rules saved" })).toBeVisible();

  // Next Saturday in the gym's own zone, as the API counts it (the browser is elsewhere).
  const listed = await page.request.get(`/api/schools/${school.id}/occurrences`);
  expect(listed.status()).toBe(200);
  const { occurrences } = (await listed.json()) as { occurrences: Occurrence[] };
  const saturday = occurrences.find((o) => o.status === "scheduled" && Date.parse(o.startsAt) > Date.now());
  expect(saturday, JSON.stringify(occurrences)).toBeDefined();
  const date = saturday?.date as string;
  const label = `${shortDate(date)}, 10:00 AM–12:30 PM`;
  expect(label.startsWith("Sat,")).toBe(true);

  const weeks = page.getByRole("region", { name: "Next 4 weeks" });
  await weeks.getByRole("button", { name: `Cancel: ${label}`, exact: true }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel an open mat" });
  const why = cancel.getByLabel("Reason");
  await expect(why).toBeFocused();
  await why.fill(reason);
  await expectNoViolations(page);
  await cancel.getByRole("button", { name: "Cancel open mat" }).click();
  await expect(cancel).toHaveCount(0);
  const cancelled = weeks.getByRole("listitem").filter({ hasText: reason });
  await expect(cancelled).toContainText("Cancelled");
  await expect(cancelled.getByRole("button", { name: `Restore: ${label}`, exact: true })).toBeVisible();
  await owner.close();

  // A visitor at the gym's door, not signed in: the No-Gi chip, then the gym in the list.
  // (The nearest schools with the rule, not a search: guests' daily searches are shared by
  // every test from this address, and home.spec.ts counts them.)
  const visitorContext = await browser.newContext({
    permissions: ["geolocation"],
    geolocation: { latitude: school.latitude, longitude: school.longitude },
  });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/");
  await homeReady(visitor);
  const noGi = visitor.getByRole("group", { name: "Visitor rules" }).getByRole("button", { name: "No-Gi" });
  await noGi.click();
  await expect(noGi).toHaveAttribute("aria-pressed", "true");
  await expect(visitor).toHaveURL(/[?&]rules=nogi(&|$)/);
  await homeReady(visitor);
  // A filtered list is every pin with the rules (name, days, distance); its details load when opened.
  const found = listLinks(visitor).filter({ hasText: gym });
  await expect(found).toHaveCount(1);
  await expect(listLinks(visitor).filter({ hasText: plain })).toHaveCount(0);
  // Without the chip, Saturday's list has both: No-Gi is what hid the other.
  await noGi.click();
  await expect(noGi).toHaveAttribute("aria-pressed", "false");
  await dayChip(visitor, "Saturday").click();
  await expect(dayChip(visitor, "Saturday")).toHaveAttribute("aria-pressed", "true");
  await homeReady(visitor);
  await expect(listLinks(visitor).filter({ hasText: plain })).toHaveCount(1);
  await noGi.click();
  await expect(visitor).toHaveURL(/[?&]rules=nogi(&|$)/);
  await homeReady(visitor);
  await expect(listLinks(visitor).filter({ hasText: plain })).toHaveCount(0);
  await found.click();
  const details = visitor.getByRole("dialog", { name: gym });
  await expect(details.getByRole("region", { name: "Before you go" })).toContainText("Mat fee: $15");
  await expect(details.getByRole("region", { name: "Before you go" })).toContainText("No-Gi");
  await expect(details.getByText("Updated by the gym today")).toBeVisible();

  await visitor.goto(`/schools/${school.slug}`);
  await expect(visitor.getByRole("region", { name: "Before you go" })).toContainText("Mat fee: $15");
  await expect(visitor.getByText("Updated by the gym today")).toBeVisible();
  const ics = await visitor.request.get(`/schools/${school.slug}.ics`);
  expect(ics.status()).toBe(200);
  const calendar = (await ics.text()).replace(/\r\n[ \t]/g, "");
  expect(calendar).toContain(`EXDATE;TZID=America/Chicago:${date.replaceAll("-", "")}T100000`);
  expect(calendar).toContain("Mat fee: $15");
  await visitorContext.close();

  // A member whose address is elsewhere waits for an admin: the Claims tab lists them.
  const other = await confirmedMember(browser, "claimer");
  const pending = await other.page.request.post(
    `/api/schools/${school.id}/claims`,
    sameOrigin({ data: { message: "I teach the Saturday class" } }),
  );
  expect(pending.status(), await pending.text()).toBe(201);
  expect(((await pending.json()) as { status: string }).status).toBe("pending");
  await other.close();

  const admin = await signedInAdmin(browser);
  await admin.page.goto("/admin");
  const dashboard = await hydratedIsland(admin.page, "AdminDashboard");
  await dashboard.getByRole("tab", { name: "Claims" }).click();
  const claims = dashboard.getByRole("tabpanel", { name: "Claims" });
  const waiting = claims.getByRole("article", { name: `${gym}, claimed by @${other.member.username}` });
  await expect(waiting).toContainText("I teach the Saturday class");
  await expect(waiting).toContainText("Address does not match the gym's website domain");
  await expectNoViolations(admin.page);
  await admin.close();
});
