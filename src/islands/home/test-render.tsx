import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, type ReactNode } from "react";
import type { HomeScreenProps } from "../../common/home";

/**
 * Renders into a fresh container with a quiet query client (no retries, as the island has).
 * React DOM is imported here, late: Bun evaluates CommonJS packages before the test file's
 * own imports run, and React DOM checks for a DOM (and `oninput`) when it loads.
 */
export async function render(ui: ReactNode) {
  const { createRoot } = await import("react-dom/client");
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => root.render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>));
  return {
    container,
    async unmount() {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Types as a user does: React listens for `input` and tracks the native value setter. */
export async function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

export async function press(target: Element, key: string) {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });
}

export async function click(target: Element) {
  await act(async () => {
    (target as HTMLElement).click();
  });
}

/**
 * Lets time pass in small act() steps: React renders queued updates only when an act()
 * ends, so a timer that enables a fetch needs a step of its own before the fetch starts.
 */
export async function wait(ms: number) {
  for (let waited = 0; waited < ms; waited += 10) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

/** A plain home screen's props (no search, no filter, a guest), with what a test changes. */
export const homeProps = (patch: Partial<HomeScreenProps> = {}): HomeScreenProps => ({
  query: { search: "", days: [], rules: [], saved: false, open: "any", school: null },
  search: null,
  initialSchools: [],
  focusSchool: null,
  searchLimit: null,
  viewer: null,
  favoriteIds: [],
  basemapUrl: "/basemap/us.pmtiles",
  memberSearchLimit: 15,
  ...patch,
});
