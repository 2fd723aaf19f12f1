import Papa from "papaparse";
import * as v from "valibot";
import { type SchoolInput, schoolInputSchema } from "../../../common/schemas/school";
import type { Db } from "../../../db/client";
import { deriveSourceKey, type IngestDeps, upsertSchool } from "./ingest";
import { listSchools } from "./queries";
import type { GeoResult, SchoolGeocoder } from "./service";

/** The columns of an export, which an import reads back unchanged. */
export const transferColumns = [
  "key",
  "gym",
  "address",
  "city",
  "state",
  "zipCode",
  "latitude",
  "longitude",
  "phone",
  "website",
  "dayAndTime",
  "communityNotes",
  "rating",
  "reviewCount",
] as const;

export type RowOutcome =
  | { row: number; action: "added" | "updated"; id: number; gym: string }
  | { row: number; action: "rejected"; reason: string };

export class TransferFileError extends Error {}

/** Parses a whole file first, so a file that cannot be read changes nothing. */
export function parseTransferFile(text: string, format: "csv" | "json"): Record<string, unknown>[] {
  if (format === "json") {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new TransferFileError("The file is not valid JSON");
    }
    const rows = Array.isArray(data) ? data : (data as { schools?: unknown })?.schools;
    if (!Array.isArray(rows))
      throw new TransferFileError('JSON must be an array of schools or {"schools": [...]}');
    return rows as Record<string, unknown>[];
  }
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  const missing = ["gym", "address", "dayAndTime"].filter((f) => !fields.includes(f));
  if (missing.length) throw new TransferFileError(`CSV header lacks ${missing.join(", ")}`);
  const fatal = parsed.errors.find((e) => e.type === "Quotes");
  if (fatal)
    throw new TransferFileError(`CSV is malformed near row ${(fatal.row ?? 0) + 2}: ${fatal.message}`);
  // CSV has no null: an empty cell means "not given".
  return parsed.data.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([, value]) => value !== "")),
  );
}

const US_STATE = /,\s*([A-Za-z .'-]+?),?\s+([A-Z]{2})(?:\s+(\d{5})(?:-\d{4})?)?\s*$/;

/** Finds coordinates for an import row: its own, then the geocoder, then the address's "City, ST ZIP". */
export async function locate(geocoder: SchoolGeocoder, input: SchoolInput): Promise<GeoResult | null> {
  const tail = input.address.match(US_STATE);
  if (input.latitude != null && input.longitude != null) {
    return {
      latitude: input.latitude,
      longitude: input.longitude,
      city: input.city ?? tail?.[1]?.trim() ?? null,
      state: input.state ?? tail?.[2] ?? null,
      label: input.address,
      kind: "address",
    };
  }
  const attempts = [input.address, tail?.[3], tail ? `${tail[1]}, ${tail[2]}` : undefined];
  if (input.city && input.state) attempts.push(`${input.city}, ${input.state}`);
  for (const query of attempts) {
    if (!query) continue;
    const found = await geocoder.geocode(query);
    if (found && found.kind !== "state") return found;
  }
  return null;
}

export async function importRows(
  deps: IngestDeps,
  geocoder: SchoolGeocoder,
  rows: Record<string, unknown>[],
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (const [index, raw] of rows.entries()) {
    const row = index + 1;
    const checked = v.safeParse(schoolInputSchema, raw);
    if (!checked.success) {
      outcomes.push({ row, action: "rejected", reason: checked.issues.map((i) => i.message).join("; ") });
      continue;
    }
    const input = checked.output;
    try {
      const place = await locate(geocoder, input);
      const city = input.city ?? place?.city;
      const state = input.state ?? place?.state;
      if (!place || !city || !state) {
        outcomes.push({
          row,
          action: "rejected",
          reason: `Unable to find coordinates for "${input.address}". Please check the address and try again.`,
        });
        continue;
      }
      const result = await upsertSchool(deps, {
        sourceKey: input.key ?? deriveSourceKey(input.gym, input.address),
        gym: input.gym,
        address: input.address,
        city,
        state,
        zipCode: input.zipCode ?? null,
        latitude: place.latitude,
        longitude: place.longitude,
        phone: input.phone ?? null,
        website: input.website ?? input.link ?? null,
        dayAndTime: input.dayAndTime,
        communityNotes: input.communityNotes ?? null,
        rating: input.rating ?? null,
        reviewCount: input.reviewCount ?? 0,
      });
      outcomes.push({ row, action: result.action, id: result.id, gym: input.gym });
    } catch (error) {
      outcomes.push({
        row,
        action: "rejected",
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return outcomes;
}

export async function exportSchools(db: Db, format: "csv" | "json"): Promise<string> {
  const rows = (await listSchools(db, 10_000_000)).map((s) => ({
    key: s.sourceKey,
    gym: s.gym,
    address: s.address,
    city: s.city,
    state: s.state,
    zipCode: s.zipCode,
    latitude: s.latitude,
    longitude: s.longitude,
    phone: s.phone,
    website: s.website,
    dayAndTime: s.dayAndTime,
    communityNotes: s.communityNotes,
    rating: s.rating,
    reviewCount: s.reviewCount,
  }));
  if (format === "json") return `${JSON.stringify(rows, null, 2)}\n`;
  return `${Papa.unparse(rows, { columns: [...transferColumns], newline: "\n" })}\n`;
}
