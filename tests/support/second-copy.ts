import { createApp } from "../../src/server/app";
import { silentLogger } from "../../src/server/log";
import { TEST_ORIGIN, type TestApp } from "./test-app";

/**
 * A second copy of the app on the same database file as `first`, as a second process
 * behind a load balancer would be: its own connections, hub and jobs, nothing shared but
 * the database. Closing it leaves the file to `first`.
 */
export async function secondCopy(first: TestApp): Promise<Pick<TestApp, "app" | "request" | "close">> {
  const app = await createApp({ env: first.env, logger: silentLogger });
  return {
    app,
    request: (path, init) => app.handle(new Request(`${TEST_ORIGIN}${path}`, init)),
    close: () => app.close(),
  };
}
