import Papa from "papaparse";
import * as v from "valibot";
import { type CommunityNote, type SchoolInput, schoolInputSchema } from "../../../common/schemas/school";
import type { Db } from "../../../db/client";
import { deriveSourceKey, type IngestDeps, type SchoolDraft, upsertSchool } from "./ingest";
import { findSchoolBySourceKey, listSchools } from "./queries";
import type { GeoResult, SchoolGeocoder } from "./service";
import { exportedNotes, givenNotes, storeNotes } from "./transfer-notes";
import {
  exportedRules,
  exportedSchedules,
  givenSchedule,
  scheduleColumnsProblem,
  storeExceptions,
} from "./transfer-schedule";

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
  // Feedback an admin applied and published on the school: JSON text in a CSV cell.
  "feedbackNotes",
  // The members' ratings' aggregate (issue 22): exported to read, ignored on import.
  "rating",
  "reviewCount",
  // The stored reading of dayAndTime and the upcoming exceptions: JSON text in a CSV cell.
  "sessions",
  "untimed",
  "scheduleUnparsed",
  "scheduleConfirmed",
  "exceptions",
  // What a visitor should know (issue 21): the school's rules, JSON text in a CSV cell; each
  // session's own are its `rules` inside `sessions`.
  "visitorRules",
] as const;

/** A rejected row's reason: each issue's message, led by where it is in a list ("sessions[2]: …"). */
function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = issue.path ?? [];
      const at = path.findIndex((item) => item.type === "array");
      if (at < 1) return issue.message;
      return `${String(path[at - 1]?.key)}[${String(path[at]?.key)}]: ${issue.message}`;
    })
    .join("; ");
}

export type RowOutcome =
  | { row: number; action: "added" | "updated"; id: number; gym: string }
  | { row: number; action: "rejected"; reason: string }
  // A dry run's: what the row would do (the school it would update, when there is one yet).
  | { row: number; action: "wouldAdd" | "wouldUpdate"; id: number | null; gym: string };

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

export interface ImportOptions {
  /** Check every row and say what it would do, writing nothing. */
  dryRun?: boolean;
  /** Called after each row: how many are done, of how many. */
  onProgress?: (done: number, total: number) => void;
}

/** A row ready to store: checked, located, its schedule and notes read. */
interface ReadyRow {
  input: SchoolInput;
  draft: SchoolDraft & { sourceKey: string };
  notes: CommunityNote[] | undefined;
}

/** Checks one row as an import stores it; a string is the reason it is rejected. */
async function readyRow(
  deps: IngestDeps,
  geocoder: SchoolGeocoder,
  raw: Record<string, unknown>,
): Promise<ReadyRow | string> {
  const checked = v.safeParse(schoolInputSchema, raw);
  if (!checked.success) return describeIssues(checked.issues);
  const input = checked.output;
  const problem = scheduleColumnsProblem(input);
  if (problem) return problem;
  const notes = givenNotes(raw);
  if (notes && "problem" in notes) return notes.problem;
  const place = await locate(geocoder, input);
  const city = input.city ?? place?.city;
  const state = input.state ?? place?.state;
  if (!place || !city || !state) {
    return `Unable to find coordinates for "${input.address}". Please check the address and try again.`;
  }
  const draft = {
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
    // Absent: not given, so an existing school keeps its rules.
    ...(input.visitorRules ? { visitorRules: input.visitorRules } : {}),
    schedule: givenSchedule(input, deps.now()),
    ...(input.scheduleConfirmed == null ? {} : { scheduleConfirmed: input.scheduleConfirmed }),
  };
  return { input, draft, notes };
}

async function writeRow(deps: IngestDeps, row: number, ready: ReadyRow): Promise<RowOutcome> {
  const result = await upsertSchool(deps, ready.draft);
  if (ready.input.exceptions) await storeExceptions(deps.db, result.id, ready.input.exceptions, deps.now());
  if (ready.notes) await storeNotes(deps.db, result.id, ready.notes);
  return { row, action: result.action, id: result.id, gym: ready.input.gym };
}

/**
 * A dry run's answer for a checked row, by the same identity the write matches on (the
 * stored source key, or a row earlier in the file with the same key).
 */
async function planRow(db: Db, seen: Map<string, number | null>, row: number, ready: ReadyRow) {
  const key = ready.draft.sourceKey;
  const id = seen.has(key) ? (seen.get(key) ?? null) : ((await findSchoolBySourceKey(db, key))?.id ?? null);
  const known = seen.has(key) || id !== null;
  seen.set(key, id);
  return { row, action: known ? "wouldUpdate" : "wouldAdd", id, gym: ready.input.gym } as const;
}

/**
 * Adds or updates a school per row, each row on its own: a rejected row changes nothing and
 * the next goes on. With `dryRun` every row is checked the same way (validation, schedule
 * columns, notes, the geocoder, the identity it matches) and nothing is written: a pure path,
 * so a row the write itself would still refuse (a database error) is not foreseen.
 */
export async function importRows(
  deps: IngestDeps,
  geocoder: SchoolGeocoder,
  rows: Record<string, unknown>[],
  options: ImportOptions = {},
): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  const seen = new Map<string, number | null>();
  for (const [index, raw] of rows.entries()) {
    const row = index + 1;
    try {
      const ready = await readyRow(deps, geocoder, raw);
      if (typeof ready === "string") outcomes.push({ row, action: "rejected", reason: ready });
      else if (options.dryRun) outcomes.push(await planRow(deps.db, seen, row, ready));
      else outcomes.push(await writeRow(deps, row, ready));
    } catch (error) {
      outcomes.push({
        row,
        action: "rejected",
        reason: error instanceof Error ? error.message : String(error),
      });
    }
    options.onProgress?.(row, rows.length);
  }
  return outcomes;
}

/** Every school, with its sessions and its exceptions still to come (from the day before today, UTC). */
export async function exportSchools(db: Db, format: "csv" | "json", now = new Date()): Promise<string> {
  const schools = await listSchools(db, 10_000_000);
  const schedules = await exportedSchedules(db, schools, now);
  const rows = schools.map((s) => ({
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
    feedbackNotes: exportedNotes(s.feedbackNotes),
    rating: s.rating,
    reviewCount: s.reviewCount,
    ...schedules.get(s.id),
    visitorRules: exportedRules(JSON.parse(s.visitorRules)),
  }));
  if (format === "json") return `${JSON.stringify(rows, null, 2)}\n`;
  const cells = rows.map((row) => ({
    ...row,
    feedbackNotes: JSON.stringify(row.feedbackNotes),
    sessions: JSON.stringify(row.sessions ?? []),
    untimed: JSON.stringify(row.untimed ?? []),
    scheduleUnparsed: JSON.stringify(row.scheduleUnparsed ?? []),
    exceptions: JSON.stringify(row.exceptions ?? []),
    visitorRules: JSON.stringify(row.visitorRules),
  }));
  return `${Papa.unparse(cells, { columns: [...transferColumns], newline: "\n" })}\n`;
}
