import { type ComponentType, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { type IslandName, islandRegistry } from "../islands/registry";
import { whenIdleAfterLoad } from "./idle";

function Marked({ root, children }: { root: HTMLElement; children: React.ReactNode }) {
  // Tests wait for this mark before they interact with the island.
  useEffect(() => {
    root.dataset.hydrated = "true";
  }, [root]);
  return children;
}

async function hydrateIsland(root: HTMLElement) {
  const name = root.dataset.island as IslandName;
  const load = islandRegistry[name];
  if (!load) return;
  const propsText = document.getElementById(`${root.dataset.islandId}-props`)?.textContent ?? "{}";
  const Component = (await load()).default as unknown as ComponentType<Record<string, unknown>>;
  hydrateRoot(
    root,
    <Marked root={root}>
      <Component {...JSON.parse(propsText)} />
    </Marked>,
    // The prefix the server rendered this island with (server/render/island.tsx), so useId agrees.
    { identifierPrefix: `${root.dataset.islandId}-` },
  );
}

for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
  hydrateIsland(root).catch((error) => console.error(`island ${root.dataset.island}`, error));
}

/**
 * What the page will want later (the home map's chunk): prefetched once the page has loaded
 * and the browser is idle, so it never competes with what the first view needs (issue 23).
 */
function prefetchLater() {
  const urls = JSON.parse(document.getElementById("prefetch-after-load")?.textContent ?? "[]") as string[];
  if (urls.length === 0) return;
  const add = () => {
    for (const href of urls) {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.href = href;
      document.head.append(link);
    }
  };
  whenIdleAfterLoad(add);
}
prefetchLater();
