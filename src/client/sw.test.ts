/**
 * The service worker, built as scripts/build-sw.ts builds it and run against a stand-in worker
 * scope: what it answers from its caches and when, what it keeps and forgets, and what it does
 * with a push message and a click on one.
 */
import { beforeAll, beforeEach, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { OFFLINE_DATA_CACHE } from "../common/schemas/pwa";

const ORIGIN = "https://openmat.example";
const PRECACHE = ["/offline", "/manifest.webmanifest", "/assets/styles-abc.css", "/assets/icon-192-abc.png"];
let source = "";

type Listener = (event: unknown) => void;
let listeners: Map<string, Listener>;
let stores: Map<string, Map<string, Response>>;
let network: (request: Request) => Promise<Response>;
let fetched: Request[];
let shown: { title: string; options: Record<string, unknown> }[];
let opened: string[];
let made: { url: string; credentials?: RequestCredentials }[];

const keyOf = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : String(input), ORIGIN).href;

const fakeCaches = {
  async open(name: string) {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      async addAll(requests: Request[]) {
        for (const r of requests) store.set(keyOf(r), await fakeFetch(r));
      },
      async put(input: RequestInfo, response: Response) {
        store.set(keyOf(input), response);
      },
    };
  },
  async match(input: RequestInfo, options: { cacheName?: string } = {}) {
    const names = options.cacheName ? [options.cacheName] : [...stores.keys()];
    for (const name of names) {
      const hit = stores.get(name)?.get(keyOf(input));
      if (hit) return hit.clone();
    }
    return undefined;
  },
  delete: async (name: string) => stores.delete(name),
  keys: async () => [...stores.keys()],
};

function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const request = input instanceof Request ? input : new Request(new URL(String(input), ORIGIN), init);
  fetched.push(request);
  return network(request);
}

/** Runs the worker's source with this scope as its globalThis, caches and fetch. */
function startWorker() {
  listeners = new Map();
  const scope = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => [],
      openWindow: async (url: string) => {
        opened.push(url);
      },
      claim: async () => undefined,
    },
    skipWaiting: async () => undefined,
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  // A worker's Request resolves a path against the worker's own address.
  class WorkerRequest extends Request {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === "string" ? new URL(input, ORIGIN).href : input, init);
      // Bun's Request keeps no `credentials`: what the worker asked for is noted here.
      made.push({ url: this.url, credentials: init?.credentials });
    }
  }
  new Function("globalThis", "caches", "fetch", "Request", source)(
    scope,
    fakeCaches,
    fakeFetch,
    WorkerRequest,
  );
}

/** Dispatches an event; answers what it responded with and waits for what it waited on. */
async function dispatch(type: string, fields: Record<string, unknown> = {}) {
  let responded: Promise<Response> | undefined;
  const waits: Promise<unknown>[] = [];
  listeners.get(type)?.({
    ...fields,
    respondWith: (r: Promise<Response>) => {
      responded = r;
    },
    waitUntil: (p: Promise<unknown>) => waits.push(p),
  });
  const response = await responded;
  await Promise.all(waits);
  return response;
}

const get = (path: string) => dispatch("fetch", { request: new Request(`${ORIGIN}${path}`) });
const navigate = (path: string) => {
  const request = new Request(`${ORIGIN}${path}`);
  Object.defineProperty(request, "mode", { value: "navigate" });
  return dispatch("fetch", { request });
};

beforeAll(async () => {
  const result = await Bun.build({
    entrypoints: [join(import.meta.dir, "sw.ts")],
    target: "browser",
    format: "iife",
    define: { OPENMAT_SW_VERSION: JSON.stringify("v1"), OPENMAT_SW_PRECACHE: JSON.stringify(PRECACHE) },
  });
  source = (await result.outputs[0]?.text()) ?? "";
});

beforeEach(async () => {
  stores = new Map();
  fetched = [];
  shown = [];
  opened = [];
  made = [];
  network = async (r) => new Response(`network ${new URL(r.url).pathname}`);
  startWorker();
  await dispatch("install");
});

describe("the service worker", () => {
  it("keeps the shell at install, without cookies", () => {
    expect([...(stores.get("openmat-shell-v1")?.keys() ?? [])]).toEqual(PRECACHE.map((p) => `${ORIGIN}${p}`));
    expect(made).toEqual(PRECACHE.map((p) => ({ url: `${ORIGIN}${p}`, credentials: "omit" })));
  });

  it("answers pages from the network while online, and the kept offline page only when the network fails", async () => {
    expect(await (await navigate("/schools/x"))?.text()).toBe("network /schools/x");
    network = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await (await navigate("/schools/x"))?.text()).toBe("network /offline");
  });

  it("never answers the API from its caches, but the saved gyms: kept online, given offline, forgotten when refused", async () => {
    expect(await get("/api/schools/1/occurrences")).toBeUndefined();
    network = async () => Response.json({ gyms: ["kept"] });
    expect(await (await get("/api/offline/saved"))?.json()).toEqual({ gyms: ["kept"] });
    network = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await (await get("/api/offline/saved"))?.json()).toEqual({ gyms: ["kept"] });
    network = async () => new Response("{}", { status: 401 });
    expect((await get("/api/offline/saved"))?.status).toBe(401);
    expect(stores.has(OFFLINE_DATA_CACHE)).toBe(false);
  });

  it("answers hashed assets from the shell first", async () => {
    network = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await (await get("/assets/styles-abc.css"))?.text()).toBe("network /assets/styles-abc.css");
  });

  it("refreshes the saved gyms when a member's page asks, and forgets them on a guest's", async () => {
    network = async () => Response.json({ gyms: [1] });
    await dispatch("message", { data: { type: "member" } });
    expect(stores.get(OFFLINE_DATA_CACHE)?.size).toBe(1);
    await dispatch("message", { data: { type: "guest" } });
    expect(stores.has(OFFLINE_DATA_CACHE)).toBe(false);
  });

  it("shows a push message, and a click opens its link on this site only", async () => {
    const payload = {
      title: "Open mat cancelled",
      body: "Roof leak",
      link: "/schools/x",
      kind: "cancellations",
      tag: "n-1",
    };
    await dispatch("push", { data: { json: () => payload } });
    expect(shown).toEqual([
      {
        title: "Open mat cancelled",
        options: {
          body: "Roof leak",
          tag: "n-1",
          icon: "/assets/icon-192-abc.png",
          data: { link: "/schools/x" },
        },
      },
    ]);
    const click = (link: string) =>
      dispatch("notificationclick", { notification: { data: { link }, close: () => undefined } });
    await click("/schools/x");
    await click("https://evil.example/phish");
    expect(opened).toEqual([`${ORIGIN}/schools/x`, `${ORIGIN}/`]);
  });
});
