/**
 * What MapLibre needs once per page before the first map, all from our own origin:
 * - its stylesheet: the client build copies it as a hashed asset (a CSS import in a lazily
 *   loaded chunk would be hoisted into the island's CSS, which no page links), and this
 *   adds the <link> (allowed by `style-src 'self'`);
 * - its worker: MapLibre 6 looks for it next to its own module, which bundling moves, so
 *   the client build copies it as a hashed asset of its own and MapLibre is told its URL
 *   (`worker-src 'self'`). Not bundled as text: that doubled what the map chunk parses on
 *   the main thread, and the browser now fetches and compiles it on the worker's thread;
 * - the pmtiles:// protocol, so sources can read PMTiles archives with HTTP Range requests.
 */
import {
  type AddProtocolAction,
  type AddProtocolResponseData,
  addProtocol,
  prewarm,
  setWorkerUrl,
} from "maplibre-gl";
import stylesheetUrl from "maplibre-gl/dist/maplibre-gl.css" with { type: "file" };
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs" with { type: "file" };
import { FetchSource, PMTiles, Protocol } from "pmtiles";

const protocol = new Protocol({ metadata: true });
/** pmtiles types its answer's data as unknown; it is TileJSON or tile bytes, both data MapLibre takes. */
const pmtilesProtocol: AddProtocolAction = async (request, abort) => {
  const { data, ...expiry } = await protocol.tilev4(request, abort);
  return { data: data as AddProtocolResponseData, ...expiry };
};
let prepared: Promise<void> | undefined;

function loadStylesheet(): Promise<void> {
  const href = new URL(stylesheetUrl, import.meta.url).href;
  if (document.querySelector(`link[href="${href}"]`)) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    // A missing stylesheet leaves the controls plain but the map usable: go on either way.
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
  });
  document.head.append(link);
  return loaded;
}

export function prepareMapLibre(): Promise<void> {
  prepared ??= (() => {
    setWorkerUrl(new URL(workerUrl, import.meta.url).href);
    // Starts the worker now, so it loads while the style and the basemap's header arrive.
    prewarm();
    addProtocol("pmtiles", pmtilesProtocol);
    return loadStylesheet();
  })();
  return prepared;
}

/**
 * The archive behind a basemap URL, shared with the pmtiles:// protocol so its header and
 * directories are fetched once.
 */
export function basemapArchive(url: string): PMTiles {
  const known = protocol.get(url);
  if (known) return known;
  const archive = new PMTiles(new FetchSource(url));
  protocol.add(archive);
  return archive;
}
