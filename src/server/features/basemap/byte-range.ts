/** An inclusive byte range, as in Content-Range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What to answer to a Range header (RFC 9110 §14) for a body of `size` bytes:
 * - `full`: no usable range (no header, another unit, or ranges we do not combine), send 200;
 * - `range`: send 206 with this one range;
 * - `unsatisfiable`: a malformed range or one that starts past the end, send 416.
 * Overlapping or adjacent ranges are merged into one; disjoint ones get the full body, as a
 * server may ignore Range, rather than a multipart reply that PMTiles clients never ask for.
 */
export type RangeAnswer = { kind: "full" } | { kind: "range"; range: ByteRange } | { kind: "unsatisfiable" };

const MAX_RANGES = 16;

function parseSpec(spec: string, size: number): ByteRange | "invalid" | "past-end" {
  const match = /^(\d*)-(\d*)$/.exec(spec.trim());
  if (!match || (match[1] === "" && match[2] === "")) return "invalid";
  const [, first = "", last = ""] = match;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "past-end";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (end < start) return "invalid";
  if (start >= size) return "past-end";
  return { start, end: Math.min(end, size - 1) };
}

export function answerRange(header: string | null, size: number): RangeAnswer {
  if (header === null) return { kind: "full" };
  const [unit, specs = ""] = header.split("=", 2);
  if (unit?.trim().toLowerCase() !== "bytes") return { kind: "full" };
  const parts = specs.split(",");
  if (parts.length > MAX_RANGES) return { kind: "full" };
  const ranges: ByteRange[] = [];
  for (const part of parts) {
    const parsed = parseSpec(part, size);
    if (parsed === "invalid") return { kind: "unsatisfiable" };
    if (parsed !== "past-end") ranges.push(parsed);
  }
  if (ranges.length === 0) return { kind: "unsatisfiable" };
  ranges.sort((a, b) => a.start - b.start);
  const [merged, ...rest] = ranges as [ByteRange, ...ByteRange[]];
  for (const range of rest) {
    if (range.start > merged.end + 1) return { kind: "full" };
    merged.end = Math.max(merged.end, range.end);
  }
  return { kind: "range", range: merged };
}
