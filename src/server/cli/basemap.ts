import { extractBasemap } from "../features/basemap/extract/extract";
import { parseBBox } from "../features/basemap/extract/region";
import { ExtractInputError } from "../features/basemap/extract/source";

export { ExtractInputError };

const USAGE = "basemap extract --from URL_OR_FILE --bbox W,S,E,N [--maxzoom 15] [--out FILE]";

/** `openmat basemap extract …`: a regional archive cut out of a full Protomaps build; progress on stderr. */
export async function basemapCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== "extract") throw new ExtractInputError(`usage: openmat ${USAGE}`);
  const values = parseOptions(rest);
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

const OPTIONS = ["from", "bbox", "maxzoom", "out"] as const;
type Options = Partial<Record<(typeof OPTIONS)[number], string>>;

/**
 * `--name value` or `--name=value`. Not node:util's parseArgs: it takes `--bbox -97.9,…` (every
 * US longitude is negative) for a missing value followed by another option.
 */
function parseOptions(args: string[]): Options {
  const values: Options = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const [flag = "", inline] = arg.split(/=(.*)/s, 2);
    const name = OPTIONS.find((option) => flag === `--${option}`);
    if (!name) throw new ExtractInputError(`unknown option ${JSON.stringify(arg)}\nusage: openmat ${USAGE}`);
    const value = inline ?? args[++i];
    if (value === undefined || value === "") {
      throw new ExtractInputError(`--${name} needs a value\nusage: openmat ${USAGE}`);
    }
    values[name] = value;
  }
  return values;
}
