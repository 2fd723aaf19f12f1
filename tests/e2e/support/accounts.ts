/**
 * Helpers for end-to-end tests that need members. All tests share one server and one
 * database, so every account gets a unique name.
 */
import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Locator, type Page } from "@playwright/test";
import { sameOrigin } from "./origin";

export interface Member {
  username: string;
  email: string;
  password: string;
}

/** A fresh member's details: a username of at most 20 characters and a matching e-mail address. */
export function newMember(prefix = "member"): Member {
  const username = `${prefix.slice(0, 11)}_${randomBytes(4).toString("hex")}`;
  return { username, email: `${username}@example.test`, password: `Pw-${randomBytes(6).toString("hex")}` };
}

/**
 * Registers a member through the API. With `page.request` the page's browser context gets
 * the session cookie (the page is signed in); with the `request` fixture it does not.
 */
export async function registerViaApi(
  request: APIRequestContext,
  member: Member = newMember(),
  /** A spec with a server of its own names it. */
  baseUrl?: string,
) {
  const res = await request.post(
    "/api/auth/register",
    sameOrigin(
      { data: { username: member.username, email: member.email, password: member.password } },
      baseUrl,
    ),
  );
  expect(res.status(), await res.text()).toBe(201);
  return member;
}

/**
 * A member registered through the API and signed in, in a browser context of their own:
 * their details, their user id, the context's page, and `close` for the context.
 */
export async function signedInMember(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = await registerViaApi(page.request, newMember(prefix));
  const me = (await (await page.request.get("/api/auth/me")).json()) as { user: { id: number } };
  return { member, id: me.user.id, page, close: () => context.close() };
}

/** The root of a hydrated island: islands mark themselves with data-hydrated when React has taken over. */
export async function hydratedIsland(page: Page, name: string): Promise<Locator> {
  const root = page.locator(`[data-island="${name}"]`);
  await expect(root).toHaveAttribute("data-hydrated", "true");
  return root;
}

/** The site header (the banner landmark). */
export const header = (page: Page) => page.getByRole("banner");

/** The sign-in form on /auth, /login or a members-only page seen by a guest. */
export const signInForm = (scope: Page | Locator) => scope.getByRole("form", { name: "Sign In" });

/** Fills and submits the sign-in form of an already hydrated AuthForms. */
export async function submitSignIn(scope: Page | Locator, identifier: string, password: string) {
  const form = signInForm(scope);
  await form.getByLabel("Email or Username").fill(identifier);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

/**
 * The newest mail to `to` in the dev mailbox (with `subject`, when given), waiting
 * briefly for it to arrive. Every sign-up mails an e-mail link first.
 */
export async function newestMailTo(
  request: APIRequestContext,
  to: string,
  subject?: string,
): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get("/dev/mailbox.json");
      expect(res.status()).toBe(200);
      const { mails } = (await res.json()) as { mails: DevMail[] };
      found = mails
        .filter((m) => m.to === to && (subject === undefined || m.subject === subject))
        .sort((a, b) => b.id - a.id)[0];
      return found !== undefined;
    })
    .toBe(true);
  return found as DevMail;
}

/** The reset link in a password-reset mail. */
export function resetLinkIn(mail: DevMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
  expect(link, `no reset link in:\n${mail.text}`).toBeDefined();
  return link as string;
}

/** The link in an e-mail verification mail. */
export function verifyLinkIn(mail: DevMail): string {
  const link = mail.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
  expect(link, `no e-mail link in:\n${mail.text}`).toBeDefined();
  return link as string;
}
