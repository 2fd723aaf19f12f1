import { parseArgs } from "node:util";
import { extractBasemap } from "../features/basemap/extract/extract";
import { parseBBox } from "../features/basemap/extract/region";
import { ExtractInputError } from "../features/basemap/extract/source";

export { ExtractInputError };

const USAGE = "basemap extract --from URL_OR_FILE --bbox W,S,E,N [--maxzoom 15] [--out FILE]";

/** `openmat basemap extract …`: a regional archive cut out of a full Protomaps build; progress on stderr. */
export async function basemapCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== "extract") throw new ExtractInputError(`usage: openmat ${USAGE}`);
  let values: { from?: string; bbox?: string; maxzoom?: string; out?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        from: { type: "string" },
        bbox: { type: "string" },
        maxzoom: { type: "string" },
        out: { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new ExtractInputError(`${(error as Error).message}\nusage: openmat ${USAGE}`);
  }
  if (!values.from) throw new ExtractInputError(`--from is needed\nusage: openmat ${USAGE}`);
  const bbox = parseBBox(values.bbox);
  const out = values.out ?? "region.pmtiles";
  const result = await extractBasemap({
    from: values.from,
    bbox,
    maxZoom: values.maxzoom,
    out,
    progress: (line) => process.stderr.write(`${line}\n`),
  });
  console.log(
    `${out}: ${result.tiles} tiles, zoom ${result.minZoom}–${result.maxZoom}, ${(result.bytes / 1e6).toFixed(1)} MB. Serve it with BASEMAP_FILE=${out}`,
  );
}

export const basemapUsage = USAGE;
