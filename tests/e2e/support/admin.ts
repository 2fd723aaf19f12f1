import { type APIRequestContext, type Browser, expect } from "@playwright/test";
import { newestMailTo, verifyLinkIn } from "./accounts";
import { sameOrigin } from "./origin";

/** The address the e2e server lists in ADMIN_EMAILS: whoever signs up with it and confirms it is an admin. */
export const E2E_ADMIN_EMAIL = "e2e-admin@example.test";
const ADMIN = { username: "e2e_admin", email: E2E_ADMIN_EMAIL, password: "admin e2e password" };

/**
 * The one admin of the run, signed in, in a browser context of its own. Tests in several
 * files (and workers) ask for it: the first signs it up and confirms the address through the
 * dev mailbox; the others sign in, and wait until that confirmation has made it an admin.
 */
export async function signedInAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const registered = await page.request.post("/api/auth/register", sameOrigin({ data: ADMIN }));
  if (registered.status() === 201) {
    const mail = await newestMailTo(page.request, E2E_ADMIN_EMAIL, "Confirm your OpenMat email address");
    await page.goto(verifyLinkIn(mail));
    await page.getByRole("button", { name: "Confirm Email Address" }).click();
    await expect(page.getByRole("heading", { name: "Email Address Confirmed" })).toBeVisible();
  } else {
    const login = await page.request.post(
      "/api/auth/login",
      sameOrigin({
        data: { identifier: ADMIN.email, password: ADMIN.password },
      }),
    );
    expect(login.status(), await login.text()).toBe(200);
    await expect
      .poll(async () => (await page.request.get("/api/admin/submissions")).status(), { timeout: 15_000 })
      .toBe(200);
  }
  return { page, close: () => context.close() };
}

/**
 * A member's open mat sent through `POST /api/schools` (an Austin address the gazetteer knows);
 * its submission id. `link`, the gym's website, becomes the school's website when approved.
 */
export async function submitOpenMat(
  request: APIRequestContext,
  gym: string,
  dayAndTime = "Saturday 10:00am - 12:00pm",
  link = "",
): Promise<number> {
  const submitted = await request.post(
    "/api/schools",
    sameOrigin({
      data: {
        gym,
        address: "500 W 2nd St, Austin, TX 78701",
        dayAndTime,
        link,
        communityNotes: "",
        emailForConfirmation: "",
        saturday: true,
      },
    }),
  );
  expect(submitted.status(), await submitted.text()).toBe(201);
  return ((await submitted.json()) as { id: number }).id;
}
