/**
 * /account's "Notifications on this device": the browser's side (service worker registration,
 * PushManager, Notification permission) is a stand-in here; the API is the mocked fetch.
 */
import { afterEach, beforeEach, describe, expect, it, spyOn } from "bun:test";
import { act } from "react";
import { pushKindLabels, pushTexts } from "../../common/schemas/push";
import { expectAxeClean } from "../home/test-axe";
import { withDom } from "../home/test-dom";
import { click, render, wait } from "../home/test-render";
import { buttonNamed, jsonResponse as json, mockFetch, withMockedFetch } from "../posts/test-fixtures";
import PushSettings from "./PushSettings";

withDom();
const api = withMockedFetch();

const ENDPOINT = "https://push.example.com/send/abc";
const SERVER_KEY = `B${"A".repeat(86)}`;
const KEYS = { p256dh: `B${"C".repeat(86)}`, auth: "D".repeat(22) };

interface FakeBrowser {
  permission: NotificationPermission;
  asked: NotificationPermission;
  subscription: { endpoint: string } | null;
  unsubscribed: number;
}
let browser: FakeBrowser;

function fakeSubscription() {
  return {
    endpoint: ENDPOINT,
    options: { applicationServerKey: new Uint8Array(65).buffer },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: async () => {
      browser.subscription = null;
      browser.unsubscribed++;
      return true;
    },
  };
}

/** A browser with service workers, PushManager and Notification, as the island finds them. */
function installBrowser(over: Partial<FakeBrowser> = {}, supported = true) {
  browser = { permission: "default", asked: "granted", subscription: null, unsubscribed: 0, ...over };
  const registration = {
    pushManager: {
      getSubscription: async () => browser.subscription,
      subscribe: async () => {
        browser.subscription = fakeSubscription();
        return browser.subscription;
      },
    },
  };
  const serviceWorker = supported
    ? { register: async () => registration, ready: Promise.resolve(registration) }
    : undefined;
  Object.defineProperty(navigator, "serviceWorker", { value: serviceWorker, configurable: true });
  if (!supported) delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  (window as unknown as { PushManager?: unknown }).PushManager = supported ? class {} : undefined;
  if (!supported) delete (window as unknown as { PushManager?: unknown }).PushManager;
  (globalThis as { Notification?: unknown }).Notification = {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => {
      browser.permission = browser.asked;
      return browser.asked;
    },
  };
}

function answerApi(subscribed: string[] | null = null) {
  api.calls = mockFetch({
    "GET /api/push/key": () => json({ publicKey: SERVER_KEY }),
    "GET /api/push/subscriptions": () =>
      subscribed
        ? json({ endpoint: ENDPOINT, kinds: subscribed })
        : json({ message: pushTexts.notSubscribed }, 404),
    "POST /api/push/subscriptions": () =>
      json(
        {
          message: pushTexts.subscribed,
          subscription: { endpoint: ENDPOINT, kinds: ["messages", "cancellations", "other"] },
        },
        201,
      ),
    "PATCH /api/push/subscriptions": () => json({ message: pushTexts.kindsSaved }),
    "DELETE /api/push/subscriptions": () => json({ message: pushTexts.unsubscribed }),
  });
}

const statusOf = (root: Element) => root.querySelector('[role="status"]')?.textContent;
const box = (root: Element, label: string) =>
  [...root.querySelectorAll("label")].find((l) => l.textContent === label)?.control as
    | HTMLInputElement
    | undefined;
const writes = () =>
  api.calls.filter((c) => c.method !== "GET").map((c) => ({ method: c.method, body: c.body }));

beforeEach(() => answerApi());
afterEach(() => {
  delete (globalThis as { Notification?: unknown }).Notification;
});

describe("PushSettings", () => {
  it("says so when the browser cannot do push, and offers nothing", async () => {
    installBrowser({}, false);
    const view = await render(<PushSettings />);
    await wait(20);
    expect(statusOf(view.container)).toBe(pushTexts.unsupported);
    expect(view.container.querySelector("button")).toBeNull();
    await expectAxeClean(view.container);
    await view.unmount();
  });

  it("says so when notifications are blocked for the site", async () => {
    installBrowser({ permission: "denied" });
    const view = await render(<PushSettings />);
    await wait(20);
    expect(statusOf(view.container)).toBe(pushTexts.denied);
    expect(view.container.querySelector("button")).toBeNull();
    await view.unmount();
  });

  it("turns on: asks permission, subscribes with the server's key, sends the subscription, then offers the kinds with focus on the new state", async () => {
    installBrowser();
    const view = await render(<PushSettings />);
    await wait(20);
    const root = view.container;
    expect(statusOf(root)).toBe(pushTexts.intro);
    await click(buttonNamed(root, pushTexts.turnOn) as Element);
    await wait(30);
    expect(writes()).toEqual([
      {
        method: "POST",
        body: { endpoint: ENDPOINT, keys: KEYS, kinds: ["messages", "cancellations", "other"] },
      },
    ]);
    expect(statusOf(root)).toBe(pushTexts.on);
    expect(document.activeElement).toBe(root.querySelector('[role="status"]'));
    expect(root.querySelector("legend")?.textContent).toBe(pushTexts.kindsLegend);
    for (const label of Object.values(pushKindLabels)) expect(box(root, label)?.checked).toBe(true);
    await expectAxeClean(root);
    await view.unmount();
  });

  it("a dismissed prompt leaves it off and says how to be asked again", async () => {
    installBrowser({ asked: "default" });
    const view = await render(<PushSettings />);
    await wait(20);
    await click(buttonNamed(view.container, pushTexts.turnOn) as Element);
    await wait(20);
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(pushTexts.dismissed);
    expect(writes()).toEqual([]);
    expect(browser.subscription).toBeNull();
    await view.unmount();
  });

  it("shows this device's kinds, changes them, keeps at least one, and turns off with focus on Turn on", async () => {
    installBrowser({ permission: "granted", subscription: fakeSubscription() });
    answerApi(["messages", "cancellations"]);
    const view = await render(<PushSettings />);
    await wait(20);
    const root = view.container;
    expect(statusOf(root)).toBe(pushTexts.on);
    expect(box(root, pushKindLabels.other)?.checked).toBe(false);
    await act(async () => box(root, pushKindLabels.messages)?.click());
    await wait(20);
    expect(writes()).toEqual([{ method: "PATCH", body: { endpoint: ENDPOINT, kinds: ["cancellations"] } }]);
    // The last one stays: none at all is turning off.
    await act(async () => box(root, pushKindLabels.cancellations)?.click());
    await wait(20);
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(pushTexts.pickOne);
    expect(box(root, pushKindLabels.cancellations)?.checked).toBe(true);
    expect(writes()).toHaveLength(1);
    await click(buttonNamed(root, pushTexts.turnOff) as Element);
    await wait(20);
    expect(writes().at(-1)).toEqual({ method: "DELETE", body: { endpoint: ENDPOINT } });
    expect(browser.unsubscribed).toBe(1);
    expect(statusOf(root)).toBe(pushTexts.intro);
    expect(document.activeElement).toBe(buttonNamed(root, pushTexts.turnOn) ?? null);
    await view.unmount();
  });

  it("renders the same on the server and at hydration: the device is looked at only after", async () => {
    installBrowser({ permission: "granted", subscription: fakeSubscription() });
    answerApi(["messages"]);
    const { renderToString } = await import("react-dom/server");
    const { hydrateRoot } = await import("react-dom/client");
    const html = renderToString(<PushSettings />);
    expect(html).toContain(pushTexts.checking);
    const errors = spyOn(console, "error").mockImplementation(() => undefined);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <PushSettings />);
    });
    await wait(30);
    expect(errors.mock.calls.map((c) => String(c[0])).filter((t) => /hydrat|match/i.test(t))).toEqual([]);
    errors.mockRestore();
    expect(statusOf(container)).toBe(pushTexts.on);
    await act(async () => root?.unmount());
    container.remove();
  });
});
