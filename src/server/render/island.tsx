import { type ComponentProps, type ComponentType, createContext, useContext } from "react";
import { renderToString } from "react-dom/server";
import { toScriptJson } from "../../common/safe-json";
import { type IslandName, islandRegistry } from "../../islands/registry";
import { installServerQueryTimers } from "./query-timers";

type IslandModules = typeof islandRegistry;
export type IslandProps<N extends IslandName> = ComponentProps<
  Awaited<ReturnType<IslandModules[N]>>["default"]
>;

// biome-ignore lint/suspicious/noExplicitAny: components of every island share one map
const components = new Map<IslandName, ComponentType<any>>();

/**
 * Loads every island module once, so server rendering stays synchronous, and stops the
 * islands' query caches from outliving their render (see query-timers.ts).
 */
export async function loadIslands(): Promise<void> {
  installServerQueryTimers();
  await Promise.all(
    (Object.keys(islandRegistry) as IslandName[]).map(async (name) => {
      components.set(name, (await islandRegistry[name]()).default);
    }),
  );
}

/**
 * Islands whose server render is a function of their props and id alone (no clock, no
 * context): the header's, on every member page, and the See Friends button. Their HTML
 * is kept per props and id.
 */
const PURE_ISLANDS: ReadonlySet<IslandName> = new Set<IslandName>([
  "NavBadges",
  "SubmitOpenMat",
  "SeeFriends",
]);
const PURE_KEPT_MAX = 256;
const pureHtml = new Map<string, string>();

function islandHtml<N extends IslandName>(name: N, id: string, props: IslandProps<N>, json: string) {
  // biome-ignore lint/suspicious/noExplicitAny: components of every island share one map
  const Component = components.get(name) as ComponentType<any>;
  const render = () => renderToString(<Component {...props} />, { identifierPrefix: islandIdPrefix(id) });
  if (!PURE_ISLANDS.has(name)) return render();
  const key = `${name}|${id}|${json}`;
  let html = pureHtml.get(key);
  if (html === undefined) {
    html = render();
    if (pureHtml.size >= PURE_KEPT_MAX) pureHtml.clear();
    pureHtml.set(key, html);
  }
  return html;
}

/** The islands one page render used, in order; read by <IslandScripts>. */
export class IslandCollector {
  readonly used = new Set<IslandName>();
  private next = 0;
  nextId(): string {
    return `island-${this.next++}`;
  }
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** The `identifierPrefix` an island's root renders and hydrates with (see `Island`). */
export const islandIdPrefix = (islandId: string) => `${islandId}-`;

/**
 * Renders an island's HTML on the server and leaves what the browser needs to hydrate
 * it: the name on the root and the props as an inert JSON data block. The island is its
 * own React root here as in the browser, with the same `identifierPrefix`, so every
 * `useId` agrees across hydration (inside the page's tree its ids would depend on where the
 * island sits in the page, and the browser's root would make others).
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const collector = useContext(IslandCollectorContext);
  const Component = components.get(name);
  if (!collector) throw new Error("<Island> rendered outside a page");
  if (!Component) throw new Error(`Island ${name} is not loaded; call loadIslands() at start-up`);
  collector.used.add(name);
  const id = collector.nextId();
  const json = toScriptJson(props);
  return (
    <>
      <div
        className="island"
        data-island={name}
        data-island-id={id}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own server render, by React
        dangerouslySetInnerHTML={{
          __html: islandHtml(name, id, props, json),
        }}
      />
      <script
        type="application/json"
        id={`${id}-props`}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: props are escaped by toScriptJson
        dangerouslySetInnerHTML={{ __html: json }}
      />
    </>
  );
}
