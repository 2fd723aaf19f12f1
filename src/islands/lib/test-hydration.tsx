import { spyOn } from "bun:test";
import { act, type ReactElement } from "react";
import { wait } from "../home/test-render";
import { resetPageQueryClient } from "../users/query-client";

/**
 * Renders as the server does (UTC), then hydrates as a browser in New York does (a fresh page
 * query cache, as a new page has): the markup before and after, and what React said about
 * hydration. For component tests; the e2e suite checks the same in a real browser.
 */
export async function hydratesInNewYork(ui: ReactElement) {
  const { renderToString } = await import("react-dom/server");
  const { hydrateRoot } = await import("react-dom/client");
  const zone = process.env.TZ;
  process.env.TZ = "UTC";
  const html = renderToString(ui);
  resetPageQueryClient();
  process.env.TZ = "America/New_York";
  const errors = spyOn(console, "error").mockImplementation(() => undefined);
  const container = document.createElement("div");
  container.innerHTML = html;
  const before = container.innerHTML;
  document.body.append(container);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  try {
    await act(async () => {
      root = hydrateRoot(container, ui, { onRecoverableError: (error) => console.error(error) });
    });
    await wait(50);
  } finally {
    process.env.TZ = zone;
  }
  const logged = errors.mock.calls
    .map((call) => String(call[0]))
    .filter((text) => /hydrat|match/i.test(text));
  errors.mockRestore();
  const after = container.innerHTML;
  await act(async () => root?.unmount());
  container.remove();
  return { before, after, logged };
}
