/**
 * Helpers for the gym owners' end-to-end tests (issue 21): a gym listed with a website of its
 * own, and members whose addresses are confirmed (a claim needs a confirmed address).
 */
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";
import {
  type Member,
  newestMailTo,
  newMember,
  registerViaApi,
  signedInMember,
  verifyLinkIn,
} from "./accounts";
import { signedInAdmin, submitOpenMat } from "./admin";
import { sameOrigin } from "./origin";

/** What the tests need of `GET /api/schools/{id}`. */
export interface ListedSchool {
  id: number;
  slug: string;
  gym: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

/**
 * A unique gym domain under a real public suffix: the claim's match compares registrable
 * domains (tldts), so `coach@mail.gym1a2b3c4d.com` matches `https://www.gym1a2b3c4d.com/…`.
 * No network is touched: nothing resolves it.
 */
export function gymDomain(): string {
  return `gym${randomBytes(4).toString("hex")}.com`;
}

/**
 * A gym listed through the real path: a member submits it with its website as the link (the
 * submission's `link` becomes the school's website; "" lists none), and the run's admin
 * approves it.
 */
export async function listedGym(
  browser: Browser,
  gym: string,
  website: string,
  dayAndTime = "Saturday 10:00am - 12:00pm",
): Promise<ListedSchool> {
  const submitter = await signedInMember(browser, "ownersub");
  const submissionId = await submitOpenMat(submitter.page.request, gym, dayAndTime, website);
  await submitter.close();
  const admin = await signedInAdmin(browser);
  try {
    const approved = await admin.page.request.post(
      `/api/admin/submissions/${submissionId}/approve`,
      sameOrigin({ data: {} }),
    );
    expect(approved.status(), await approved.text()).toBe(200);
    const { schoolId } = (await approved.json()) as { schoolId: number };
    const school = await admin.page.request.get(`/api/schools/${schoolId}`);
    expect(school.status()).toBe(200);
    return (await school.json()) as ListedSchool;
  } finally {
    await admin.close();
  }
}

/** Opens the newest confirmation link mailed to `email` on `page` and confirms the address. */
export async function confirmAddress(page: Page, email: string) {
  const mail = await newestMailTo(page.request, email, "Confirm your OpenMat email address");
  await page.goto(verifyLinkIn(mail));
  await page.getByRole("button", { name: "Confirm Email Address" }).click();
  await expect(page.getByRole("heading", { name: "Email Address Confirmed" })).toBeVisible();
}

/**
 * A member signed up with `email` (any address when left out) and its link opened, signed in
 * in a browser context of their own: their details, the page and `close` for the context.
 */
export async function confirmedMember(browser: Browser, prefix: string, email?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const fresh = newMember(prefix);
  const member: Member = await registerViaApi(page.request, email ? { ...fresh, email } : fresh);
  await confirmAddress(page, member.email);
  return { member, page, close: () => context.close() };
}
