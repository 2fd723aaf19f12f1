import { spyOn } from "bun:test";
import { act, type ReactElement } from "react";
import { wait } from "../home/test-render";
import { resetPageQueryClient } from "../users/query-client";

/**
 * Renders as the server does (UTC), then hydrates as a browser in `zone` does (a fresh page
 * query cache, as a new page has): the HTML sent, the markup before and after hydrating,
 * everything logged to console.error meanwhile, and the errors React recovered from. For
 * component tests; the e2e suite checks the same in a real browser.
 */
export async function hydratesIn(zone: string, ui: ReactElement) {
  const { renderToString } = await import("react-dom/server");
  const { hydrateRoot } = await import("react-dom/client");
  const previous = process.env.TZ;
  process.env.TZ = "UTC";
  const html = renderToString(ui);
  resetPageQueryClient();
  process.env.TZ = zone;
  const errors = spyOn(console, "error").mockImplementation(() => undefined);
  const recoverable: unknown[] = [];
  const container = document.createElement("div");
  container.innerHTML = html;
  const before = container.innerHTML;
  document.body.append(container);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  try {
    await act(async () => {
      root = hydrateRoot(container, ui, {
        onRecoverableError: (error) => {
          recoverable.push(error);
          console.error(error);
        },
      });
    });
    await wait(50);
  } finally {
    process.env.TZ = previous;
  }
  const logged = errors.mock.calls.map((call) => String(call[0]));
  errors.mockRestore();
  const after = container.innerHTML;
  await act(async () => root?.unmount());
  container.remove();
  return { html, before, after, logged, recoverable };
}

/** `hydratesIn` New York, with only what was logged about hydration. */
export async function hydratesInNewYork(ui: ReactElement) {
  const { before, after, logged } = await hydratesIn("America/New_York", ui);
  return { before, after, logged: logged.filter((text) => /hydrat|match/i.test(text)) };
}
