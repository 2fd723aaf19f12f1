/**
 * What MapLibre needs once per page before the first map, all from our own origin:
 * - its stylesheet: the client build copies it as a hashed asset (a CSS import in a lazily
 *   loaded chunk would be hoisted into the island's CSS, which no page links), and this
 *   adds the <link> (allowed by `style-src 'self'`);
 * - its worker: MapLibre 6 looks for it next to its own module, which bundling moves, so
 *   the worker's source is bundled as text and started from a blob URL (`worker-src blob:`);
 * - the pmtiles:// protocol, so sources can read PMTiles archives with HTTP Range requests.
 */
import { type AddProtocolAction, type AddProtocolResponseData, addProtocol, setWorkerUrl } from "maplibre-gl";
import stylesheetUrl from "maplibre-gl/dist/maplibre-gl.css" with { type: "file" };
import workerSource from "maplibre-gl/dist/maplibre-gl-worker.mjs" with { type: "text" };
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
    setWorkerUrl(URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" })));
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
