import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests against the compiled binary (dist/openmat, from `npm run build`),
 * started by tests/e2e/global-setup.ts, which publishes its address as E2E_BASE_URL.
 * The browser is Debian's Chromium, found by scripts/ensure-chromium.sh (CHROMIUM_PATH).
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  workers: 2,
  fullyParallel: true,
  retries: 0,
  forbidOnly: true,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    // Workers load this file after global setup has run, so the variable is set by then.
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || undefined,
      // The network is closed here: without the background-networking flags Chromium keeps
      // retrying update, sync and field-trial requests. The sandbox needs user namespaces.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
  },
});
