import { beforeAll, describe, expect, it } from "bun:test";
import { renderToString } from "react-dom/server";
import PushSettings from "../../islands/PushSettings";
import { Island, IslandCollector, IslandCollectorContext, islandIdPrefix, loadIslands } from "./island";

beforeAll(loadIslands);

/** The HTML the server put inside each island's root, by island id. */
function islandsIn(html: string): Map<string, string> {
  const found = new Map<string, string>();
  const root = /<div class="island" data-island="[^"]+" data-island-id="([^"]+)">([\s\S]*?)<\/div><script/g;
  for (const match of html.matchAll(root)) found.set(match[1] as string, match[2] as string);
  return found;
}

describe("<Island> on the server", () => {
  it("renders each island as its own root, with the prefix the browser hydrates it with", () => {
    const page = renderToString(
      <IslandCollectorContext.Provider value={new IslandCollector()}>
        <main>
          <p>before</p>
          <Island name="PushSettings" props={{}} />
          <section>
            <Island name="PushSettings" props={{}} />
          </section>
        </main>
      </IslandCollectorContext.Provider>,
    );
    const islands = islandsIn(page);
    expect([...islands.keys()]).toEqual(["island-0", "island-1"]);
    // What hydrate.tsx's root renders for island-1 (same component, same prefix): the same
    // ids, wherever the island sits in the page (in the page's own tree they were not).
    for (const [id, html] of islands) {
      expect(html).toBe(renderToString(<PushSettings />, { identifierPrefix: islandIdPrefix(id) }));
    }
    // Two islands on one page never share an id.
    const ids = (html: string) => [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    const first = ids(islands.get("island-0") ?? "");
    expect(first.length).toBeGreaterThan(0);
    expect(first.filter((id) => ids(islands.get("island-1") ?? "").includes(id))).toEqual([]);
  });
});
