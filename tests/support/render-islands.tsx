/**
 * Renders islands to HTML as the server does, in a process of its own, so that its time zone
 * (TZ in its environment) is the server's and not the test's: a formatter made without a zone
 * takes the zone of the process that loaded it, which one process cannot change afterwards.
 * Usage: `bun tests/support/render-islands.tsx '<json [{ name, props }, …]>'`; prints the HTML
 * of each, as a JSON array. See renderIslandsIn in zones.ts.
 */
import { renderToString } from "react-dom/server";
import { type IslandName, islandRegistry } from "../../src/islands/registry";

const wanted = JSON.parse(process.argv[2] ?? "[]") as { name: IslandName; props: object }[];
const html: string[] = [];
for (const { name, props } of wanted) {
  const Component = (await islandRegistry[name]()).default as (p: object) => React.ReactNode;
  html.push(renderToString(<Component {...props} />));
}
process.stdout.write(JSON.stringify(html));
// The islands' query caches keep timers; the answer is written, so stop here.
process.exit(0);
