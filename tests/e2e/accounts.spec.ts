/**
 * Accounts end to end: registration, sign-in and sign-out, the sign-in modal, members-only
 * pages, password reset and e-mail links through the dev mailbox, username and e-mail
 * change and account deletion.
 */
import { expect, type Page, test } from "@playwright/test";
import {
  header,
  hydratedIsland,
  newestMailTo,
  newMember,
  registerViaApi,
  resetLinkIn,
  signInForm,
  submitSignIn,
  verifyLinkIn,
} from "./support/accounts";

/** Counts the browser's calls to one API path, to prove client-side validation sent nothing. */
function countRequests(page: Page, path: string) {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request.method());
  });
  return seen;
}

const welcome = (page: Page, username: string) => header(page).getByText(`Welcome, ${username}`);
const headerSignIn = (page: Page) => header(page).getByRole("link", { name: "Sign In", exact: true });

test.describe("registration", () => {
  test("a new member signs up on /auth and lands on /feed, welcomed in the header", async ({ page }) => {
    const member = newMember("reg");
    await page.goto("/auth");
    const forms = await hydratedIsland(page, "AuthForms");
    await expect(forms.getByRole("heading", { name: "Sign In" })).toBeVisible();

    await forms.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await expect(forms.getByRole("heading", { name: "Create Account" })).toBeVisible();
    const form = forms.getByRole("form", { name: "Create Account" });
    await form.getByLabel("Username").fill(member.username);
    await form.getByLabel("Email").fill(member.email);
    await form.getByLabel("Password", { exact: true }).fill(member.password);
    await form.getByLabel("Confirm Password").fill(member.password);
    await form.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/feed$/);
    await expect(welcome(page, member.username)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Your account has been created" })).toBeVisible();
    await expect(headerSignIn(page)).toHaveCount(0);
  });

  test("bad input shows the spec's messages next to the fields and sends nothing", async ({ page }) => {
    const member = newMember("val");
    const registers = countRequests(page, "/api/auth/register");
    const logins = countRequests(page, "/api/auth/login");
    await page.goto("/auth");
    const forms = await hydratedIsland(page, "AuthForms");

    // Sign in with nothing filled in.
    const signIn = signInForm(forms);
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await expect(signIn.getByLabel("Email or Username")).toHaveAccessibleDescription(
      "Email or username is required",
    );
    await expect(signIn.getByLabel("Password")).toHaveAccessibleDescription("Password is required");

    await forms.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    const form = forms.getByRole("form", { name: "Create Account" });
    const username = form.getByLabel("Username");
    const email = form.getByLabel("Email");
    const password = form.getByLabel("Password", { exact: true });
    const confirm = form.getByLabel("Confirm Password");
    const submit = form.getByRole("button", { name: "Create Account" });

    // Switching modes clears the sign-in form's errors.
    await expect(form.getByText("Email or username is required")).toHaveCount(0);

    await username.fill("ab");
    await email.fill("not-an-email");
    await password.fill("short");
    await submit.click();
    await expect(username).toHaveAccessibleDescription("Username must be at least 3 characters");
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(password).toHaveAccessibleDescription("Password must be at least 8 characters");
    await expect(confirm).toHaveAccessibleDescription("Please confirm your password");

    await username.fill("bad name!");
    await email.fill(member.email);
    await password.fill(member.password);
    await confirm.fill(`${member.password}-typo`);
    await submit.click();
    await expect(username).toHaveAccessibleDescription("Username may only use letters, digits, _, . and -");
    await expect(email).not.toHaveAttribute("aria-invalid");
    await expect(password).not.toHaveAttribute("aria-invalid");
    await expect(confirm).toHaveAccessibleDescription("Passwords don't match");

    // Still on the form, and neither form reached the server.
    await expect(page).toHaveURL(/\/auth$/);
    expect(registers).toEqual([]);
    expect(logins).toEqual([]);

    // Fixed input goes through.
    await username.fill(member.username);
    await confirm.fill(member.password);
    await submit.click();
    await expect(page).toHaveURL(/\/feed$/);
    expect(registers).toEqual(["POST"]);
  });

  test("a taken username is refused by the server with its message", async ({ page, request }) => {
    const taken = await registerViaApi(request, newMember("taken"));
    await page.goto("/auth");
    const forms = await hydratedIsland(page, "AuthForms");
    await forms.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    const form = forms.getByRole("form", { name: "Create Account" });
    await form.getByLabel("Username").fill(taken.username);
    await form.getByLabel("Email").fill(`other-${taken.email}`);
    await form.getByLabel("Password", { exact: true }).fill(taken.password);
    await form.getByLabel("Confirm Password").fill(taken.password);
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByRole("alert")).toHaveText("That username is already taken");
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe("signing in and out", () => {
  test("the header's Logout signs out: lands on /, toast 'Logged out', header offers Sign In", async ({
    page,
  }) => {
    const member = await registerViaApi(page.request, newMember("out"));
    await page.goto("/feed");
    await expect(welcome(page, member.username)).toBeVisible();

    await header(page).getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    const toast = page.getByRole("status").filter({ hasText: "Logged out" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("You have been logged out successfully.");
    await expect(headerSignIn(page)).toBeVisible();
    await expect(welcome(page, member.username)).toHaveCount(0);

    // The session is gone on the server too.
    await page.goto("/account");
    await expect(signInForm(page)).toBeVisible();
  });

  test("signs in by username on /login", async ({ page, request }) => {
    const member = await registerViaApi(request, newMember("byname"));
    await page.goto("/login");
    await hydratedIsland(page, "AuthForms");
    await submitSignIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/feed$/);
    await expect(welcome(page, member.username)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Welcome back" })).toBeVisible();
  });

  test("signs in by e-mail on /login", async ({ page, request }) => {
    const member = await registerViaApi(request, newMember("bymail"));
    await page.goto("/login");
    await hydratedIsland(page, "AuthForms");
    await submitSignIn(page, member.email.toUpperCase(), member.password);
    await expect(page).toHaveURL(/\/feed$/);
    await expect(welcome(page, member.username)).toBeVisible();
  });

  test("a wrong password shows 'Invalid credentials' and stays signed out", async ({ page, request }) => {
    const member = await registerViaApi(request, newMember("wrong"));
    await page.goto("/login");
    await hydratedIsland(page, "AuthForms");
    await submitSignIn(page, member.username, `${member.password}x`);
    await expect(signInForm(page).getByRole("alert")).toHaveText("Invalid credentials");
    await expect(page.getByRole("alert").filter({ hasText: "Login Failed" })).toContainText(
      "Invalid credentials",
    );
    await expect(page).toHaveURL(/\/login$/);
    await expect(headerSignIn(page)).toBeVisible();
  });

  test("a guest on /account gets the sign-in form and comes back to /account after", async ({
    page,
    request,
  }) => {
    const member = await registerViaApi(request, newMember("guest"));
    await page.goto("/account");
    await hydratedIsland(page, "AuthForms");
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Account Settings" })).toHaveCount(0);

    await submitSignIn(page, member.username, member.password);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${member.username} (${member.email})`)).toBeVisible();
  });
});

test.describe("sign-in modal", () => {
  test("the header's Sign In opens a dialog with sign in, create account and reset modes", async ({
    page,
  }) => {
    await page.goto("/about");
    const opener = headerSignIn(page);
    await opener.click();

    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("data-hydrated", "true");
    // Still on the page behind it: the modal replaced the link's navigation.
    await expect(page).toHaveURL(/\/about$/);
    await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();

    await dialog.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await expect(dialog.getByRole("heading", { name: "Create Account" })).toBeVisible();
    for (const label of ["Username", "Email", "Confirm Password"]) {
      await expect(dialog.getByLabel(label)).toBeVisible();
    }
    await dialog.getByRole("button", { name: "Already have an account? Sign in" }).click();
    await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();

    await dialog.getByRole("button", { name: "Forgot your password?" }).click();
    await expect(dialog.getByRole("heading", { name: "Reset Password" })).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Send Reset Email" })).toBeVisible();
    await dialog.getByRole("button", { name: "Back to Sign In" }).click();
    await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("opening the modal puts focus in its first field", async ({ page }) => {
    await page.goto("/about");
    await headerSignIn(page).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await expect(dialog.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await expect(dialog.getByLabel("Email or Username")).toBeFocused({ timeout: 2_000 });
  });

  test("signing in through the modal stays on the current page", async ({ page, request }) => {
    const member = await registerViaApi(request, newMember("modal"));
    await page.goto("/donate");
    await headerSignIn(page).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    await expect(dialog).toHaveAttribute("data-hydrated", "true");
    await submitSignIn(dialog, member.username, member.password);
    await expect(welcome(page, member.username)).toBeVisible();
    await expect(page).toHaveURL(/\/donate$/);
  });
});

test.describe("password reset through the dev mailbox", () => {
  test("request, mail, new password, sign in with it; the link then is used up", async ({
    page,
    request,
  }) => {
    const member = await registerViaApi(request, newMember("reset"));
    const newPassword = `${member.password}-new`;

    await page.goto("/auth");
    const forms = await hydratedIsland(page, "AuthForms");
    await forms.getByRole("button", { name: "Forgot your password?" }).click();
    const resetForm = forms.getByRole("form", { name: "Reset Password" });
    await resetForm.getByLabel("Email").fill(member.email);
    await resetForm.getByRole("button", { name: "Send Reset Email" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toContainText(
      "If an account with that email exists, a password reset link has been sent.",
    );
    // The form goes back to signing in.
    await expect(forms.getByRole("heading", { name: "Sign In" })).toBeVisible();

    const mail = await newestMailTo(request, member.email, "Reset your OpenMat password");
    const link = resetLinkIn(mail);

    // The mailbox page shows the same mail with its link clickable.
    await page.goto("/dev/mailbox");
    const entry = page.getByRole("listitem").filter({ hasText: `To ${member.email}` });
    await expect(entry.getByRole("heading", { name: "Reset your OpenMat password" })).toBeVisible();
    await entry.getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(link);

    await hydratedIsland(page, "ResetPasswordForm");
    const form = page.getByRole("form", { name: "Choose a new password" });
    await expect(form).toBeVisible();
    const password = form.getByLabel("New Password", { exact: true });
    const confirm = form.getByLabel("Confirm Password", { exact: true });
    await expect(password).toHaveAttribute("type", "password");

    await form.getByRole("button", { name: "Show new password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    const hide = form.getByRole("button", { name: "Hide new password" });
    await expect(hide).toHaveAttribute("aria-pressed", "true");
    await password.fill(newPassword);
    await expect(password).toHaveValue(newPassword);
    await hide.click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(form.getByRole("button", { name: "Show new password" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );

    await confirm.fill(`${newPassword}x`);
    await form.getByRole("button", { name: "Reset Password" }).click();
    await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
    await confirm.fill(newPassword);
    await form.getByRole("button", { name: "Reset Password" }).click();

    await expect(page.getByRole("heading", { name: "Password Reset Complete" })).toBeVisible();
    await page.getByRole("link", { name: "Go to Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await hydratedIsland(page, "AuthForms");
    await submitSignIn(page, member.username, newPassword);
    await expect(page).toHaveURL(/\/feed$/);
    await expect(welcome(page, member.username)).toBeVisible();

    await page.goto(link);
    await hydratedIsland(page, "ResetPasswordForm");
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await expect(page.getByText("Invalid or expired reset link.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Back to Sign In" })).toHaveAttribute(
      "href",
      "/auth",
    );
  });
});

test.describe("account page", () => {
  test("changing the username reloads the page and the header shows the new name", async ({ page }) => {
    const member = await registerViaApi(page.request, newMember("rename"));
    const renamed = newMember("renamed").username;
    await page.goto("/account");
    await hydratedIsland(page, "AccountSettings");
    await expect(welcome(page, member.username)).toBeVisible();

    const form = page.getByRole("form", { name: "Change Username" });
    await form.getByLabel("New Username").fill(renamed);
    await form.getByLabel("Confirm Username").fill(`${renamed}x`);
    await form.getByRole("button", { name: "Change Username" }).click();
    await expect(form.getByLabel("Confirm Username")).toHaveAccessibleDescription("Usernames don't match");

    await form.getByLabel("Confirm Username").fill(renamed);
    await form.getByLabel("Current Password").fill(`${member.password}-wrong`);
    await form.getByRole("button", { name: "Change Username" }).click();
    await expect(form.getByLabel("Current Password")).toHaveAccessibleDescription(
      "Current password is incorrect",
    );

    await form.getByLabel("Current Password").fill(member.password);
    await form.getByRole("button", { name: "Change Username" }).click();
    await expect(welcome(page, renamed)).toBeVisible();
    await expect(page.getByText(`Signed in as ${renamed} (${member.email})`)).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
  });

  test("deleting the account asks first, then signs out for good", async ({ page }) => {
    const member = await registerViaApi(page.request, newMember("delete"));
    await page.goto("/account");
    await hydratedIsland(page, "AccountSettings");

    const confirmDialog = page.getByRole("dialog", { name: "Are you absolutely sure?" });
    await page.getByRole("button", { name: "Delete Account" }).click();
    await expect(confirmDialog).toBeVisible();
    await expect(confirmDialog).toHaveAccessibleDescription(/This action cannot be undone/);
    await confirmDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(confirmDialog).toBeHidden();
    await expect(welcome(page, member.username)).toBeVisible();

    await page.getByRole("button", { name: "Delete Account" }).click();
    await expect(confirmDialog).toBeVisible();
    const password = confirmDialog.getByLabel("Current Password");
    await confirmDialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(password).toHaveAccessibleDescription("Current password is required");
    await password.fill(member.password);
    await confirmDialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(headerSignIn(page)).toBeVisible();
    await expect(welcome(page, member.username)).toHaveCount(0);

    await page.goto("/login");
    await hydratedIsland(page, "AuthForms");
    await submitSignIn(page, member.username, member.password);
    await expect(signInForm(page).getByRole("alert")).toHaveText("Invalid credentials");
  });
});

test.describe("e-mail links through the dev mailbox", () => {
  test("a new member confirms the address from the account page's note", async ({ page }) => {
    const member = await registerViaApi(page.request, newMember("verify"));
    await page.goto("/account");
    const settings = await hydratedIsland(page, "AccountSettings");
    await expect(settings.getByText("Your e-mail is not verified yet")).toBeVisible();
    await settings.getByRole("button", { name: "Send the link again" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();

    const mail = await newestMailTo(page.request, member.email, "Confirm your OpenMat email address");
    await page.goto(verifyLinkIn(mail));
    await page.getByRole("button", { name: "Confirm Email Address" }).click();
    await expect(page.getByRole("heading", { name: "Email Address Confirmed" })).toBeVisible();

    await page.getByRole("link", { name: "Go to your account" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await hydratedIsland(page, "AccountSettings");
    await expect(page.getByText("Your e-mail is not verified yet")).toHaveCount(0);
  });

  test("a new address takes effect only when its link is opened", async ({ page }) => {
    const member = await registerViaApi(page.request, newMember("remail"));
    const fresh = `new-${member.email}`;
    await page.goto("/account");
    await hydratedIsland(page, "AccountSettings");
    const form = page.getByRole("form", { name: "Change Email" });
    await form.getByLabel("New Email").fill(fresh);
    await form.getByLabel("Confirm Email").fill(fresh);
    await form.getByLabel("Current Password").fill(member.password);
    await form.getByRole("button", { name: "Change Email" }).click();

    // The page reloads: still the old address, the new one waiting for its link.
    await expect(
      page.getByRole("status").filter({ hasText: "Your email changes when you open it" }),
    ).toBeVisible();
    await expect(page.getByText(`Signed in as ${member.username} (${member.email})`)).toBeVisible();
    await expect(page.getByText(`A confirmation link was sent to ${fresh}.`)).toBeVisible();

    const mail = await newestMailTo(page.request, fresh, "Confirm your new OpenMat email address");
    await page.goto(verifyLinkIn(mail));
    await page.getByRole("button", { name: "Confirm Email Address" }).click();
    await expect(page.getByText("Your email has been changed.")).toBeVisible();

    await page.goto("/account");
    await hydratedIsland(page, "AccountSettings");
    await expect(page.getByText(`Signed in as ${member.username} (${fresh})`)).toBeVisible();
  });
});
