/**
 * The service worker (issue 22 "When the app is closed"), scope "/", built by
 * scripts/build-sw.ts. What it keeps and when it answers from what it keeps:
 * - the shell (the stylesheet, scripts, icons and the offline page) is stored at install.
 *   Hashed /assets/ files never change, so they are answered from it first;
 * - pages (navigations) and the API always go to the network; only when the network fails
 *   does a page get the offline page. Nothing stale is shown while online;
 * - the member's saved gyms with their next 7 days (GET /api/offline/saved) are stored each
 *   time they are fetched, refreshed when a member's page says so (at most every few minutes,
 *   and at once after a gym is saved or removed), and dropped when a guest's page loads (a
 *   sign-out) or the server refuses them. The offline page reads them from here;
 * - a push message is shown as a notification; a click focuses or opens its link.
 */
import { OFFLINE_DATA_CACHE, OFFLINE_PAGE_URL, OFFLINE_SAVED_URL } from "../common/schemas/pwa";

declare const OPENMAT_SW_VERSION: string;
declare const OPENMAT_SW_PRECACHE: string[];

// The DOM library has no worker events; the few parts used here, by hand.
interface LifetimeEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchingEvent extends LifetimeEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushMessageEvent extends LifetimeEvent {
  data: { json(): unknown } | null;
}
interface ClickEvent extends LifetimeEvent {
  notification: Notification;
}
interface SubscriptionChangeEvent extends LifetimeEvent {
  oldSubscription: PushSubscription | null;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: never) => void): void;
}

const sw = globalThis as unknown as WorkerScope;
const SHELL = `openmat-shell-${OPENMAT_SW_VERSION}`;
/** A member's page asks for a refresh of the saved gyms at most this often. */
const REFRESH_MS = 5 * 60_000;
let refreshedAt = 0;

sw.addEventListener("install", (event: LifetimeEvent) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      // Without cookies: the offline page kept is a guest's, never a member's.
      await cache.addAll(
        OPENMAT_SW_PRECACHE.map((url) => new Request(url, { credentials: "omit", cache: "reload" })),
      );
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener("activate", (event: LifetimeEvent) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith("openmat-shell-") && name !== SHELL) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

const forgetSaved = () => caches.delete(OFFLINE_DATA_CACHE);

/** The saved gyms from the network, kept when they come; the kept copy only when the network fails. */
async function savedGyms(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok) {
      refreshedAt = Date.now();
      await (await caches.open(OFFLINE_DATA_CACHE)).put(OFFLINE_SAVED_URL, response.clone());
    } else if (response.status === 401 || response.status === 403) await forgetSaved();
    return response;
  } catch {
    const kept = await caches.match(OFFLINE_SAVED_URL, { cacheName: OFFLINE_DATA_CACHE });
    return kept ?? Response.json({ message: "You're offline." }, { status: 503 });
  }
}

const refreshSaved = () =>
  savedGyms(new Request(OFFLINE_SAVED_URL, { credentials: "same-origin" })).then(
    () => undefined,
    () => undefined,
  );

/** What the page tells: whose page it is (see src/client/sw-register.ts). */
sw.addEventListener("message", (event: LifetimeEvent & { data: unknown }) => {
  const kind = (event.data as { type?: unknown } | null)?.type;
  if (kind === "guest") event.waitUntil(forgetSaved());
  else if (kind === "member" && Date.now() - refreshedAt > REFRESH_MS) event.waitUntil(refreshSaved());
});

async function offlinePage(): Promise<Response> {
  const kept = await caches.match(OFFLINE_PAGE_URL, { cacheName: SHELL });
  return (
    kept ??
    new Response("You're offline. OpenMat will load again when you're back online.", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8" },
    })
  );
}

sw.addEventListener("fetch", (event: FetchingEvent) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.method !== "GET") {
    // A gym saved or removed: the offline copy follows at once.
    if (url.pathname.startsWith("/api/favorites"))
      event.respondWith(
        fetch(request).then((response) => {
          if (response.ok) event.waitUntil(refreshSaved());
          return response;
        }),
      );
    return;
  }
  if (url.pathname === OFFLINE_SAVED_URL) return event.respondWith(savedGyms(request));
  // The rest of the API is never answered from here.
  if (url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") return event.respondWith(fetch(request).catch(offlinePage));
  if (url.pathname.startsWith("/assets/"))
    return event.respondWith(
      caches.match(request, { cacheName: SHELL }).then((kept) => kept ?? fetch(request)),
    );
  if (OPENMAT_SW_PRECACHE.includes(url.pathname))
    event.respondWith(
      fetch(request).catch(
        async () => (await caches.match(url.pathname, { cacheName: SHELL })) ?? Response.error(),
      ),
    );
});

interface Shown {
  title: string;
  body: string;
  link: string;
  tag?: string;
}

const ICON = OPENMAT_SW_PRECACHE.find((url) => /\/icon-192-/.test(url));

sw.addEventListener("push", (event: PushMessageEvent) => {
  let shown: Shown;
  try {
    shown = event.data?.json() as Shown;
  } catch {
    shown = { title: "OpenMat", body: "Something new on OpenMat.", link: "/" };
  }
  event.waitUntil(
    sw.registration.showNotification(shown.title || "OpenMat", {
      body: shown.body,
      tag: shown.tag,
      icon: ICON,
      data: { link: shown.link },
    }),
  );
});

sw.addEventListener("notificationclick", (event: ClickEvent) => {
  event.notification.close();
  const wanted = (event.notification.data as { link?: unknown } | null)?.link;
  // Only a page of this site opens.
  const url = new URL(typeof wanted === "string" ? wanted : "/", sw.location.origin);
  const link = url.origin === sw.location.origin ? url.href : `${sw.location.origin}/`;
  event.waitUntil(
    (async () => {
      const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = windows.find((w) => w.url === link);
      if (same) return same.focus();
      const other = windows[0];
      if (other) {
        await other.navigate(link);
        return other.focus();
      }
      return sw.clients.openWindow(link);
    })(),
  );
});

/** The browser renewed the subscription: the server gets the new one, with the old one's choices. */
sw.addEventListener("pushsubscriptionchange", (event: SubscriptionChangeEvent) => {
  const old = event.oldSubscription;
  if (!old) return;
  const send = (method: string, body: unknown) =>
    fetch("/api/push/subscriptions", {
      method,
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  event.waitUntil(
    (async () => {
      const kept = await fetch(`/api/push/subscriptions?endpoint=${encodeURIComponent(old.endpoint)}`);
      const kinds = kept.ok ? ((await kept.json()) as { kinds?: string[] }).kinds : undefined;
      const renewed = await sw.registration.pushManager.subscribe(old.options);
      await send("POST", { ...renewed.toJSON(), kinds });
      await send("DELETE", { endpoint: old.endpoint });
    })().catch(() => undefined),
  );
});
