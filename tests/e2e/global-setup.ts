/**
 * Starts the compiled binary for the end-to-end tests and returns its teardown. It runs
 * copied alone into an empty folder, with the checkout hidden (tests/support/binary.ts), so
 * the browser tests prove the binary carries everything it needs.
 */
import { assertCanHideCheckout, startHiddenServer } from "../support/binary";
import { E2E_ADMIN_EMAIL } from "./support/admin";

export default async function globalSetup(): Promise<() => Promise<void>> {
  assertCanHideCheckout();
  // The reset-password tests read links from the dev mailbox, which needs development by name.
  // Every test signs up from the one loopback address.
  // The admin page's spec signs up E2E_ADMIN_EMAIL and confirms it, which makes it an admin.
  // PUSH_ALLOW_HTTP_LOOPBACK is for tests only: going-tonight.spec.ts subscribes a device on a
  // plain-http push service of its own on 127.0.0.1 (support/push-receiver.ts), since headless
  // Chromium has no push service to subscribe to with the network closed.
  const server = await startHiddenServer({
    NODE_ENV: "development",
    SIGNUP_LIMIT: "1000",
    ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    PUSH_ALLOW_HTTP_LOOPBACK: "true",
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    const output = server.log();
    const code = await server.stop();
    if (code !== 0) {
      throw new Error(
        `dist/openmat did not exit cleanly on SIGTERM (${code === null ? "still running after 10s" : `exit code ${code}`}). ` +
          `Server log:\n${output}`,
      );
    }
  };
}
