import { execFileSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { startOpenmat } from "./openmat.mjs";
import { progress } from "./progress.mjs";

/** A body's size, raw and as the server gzips it (level 9, once per schools version). */
async function sizeOf(url) {
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  // A build from before the names had their own body answers 404 there: no row for it.
  if (!res.ok) return null;
  const raw = Buffer.from(await res.arrayBuffer());
  return { rawKb: raw.byteLength / 1024, gzipKb: gzipSync(raw, { level: 9 }).byteLength / 1024 };
}

/**
 * The pins body's size and that of its names (GET /api/schools/pins/names, issue 25: the
 * home screen fetches the two at once), raw and gzipped.
 */
export async function pinsSize(baseUrl) {
  const [pins, names] = await Promise.all([
    sizeOf(`${baseUrl}/api/schools/pins`),
    sizeOf(`${baseUrl}/api/schools/pins/names`),
  ]);
  return { ...pins, names };
}

/**
 * The same sizes on a copy of the generated schools with a name of their own each
 * (bench/rename-schools-unique.ts), on a server of their own.
 */
export async function uniqueNamesPinsSize(repo, binary, dir, schoolsDb) {
  const copy = join(dir, "unique-names.db");
  copyFileSync(schoolsDb, copy);
  progress("pins with unique names: renaming the schools");
  const renamed = JSON.parse(
    execFileSync(join(repo, "node_modules/.bin/bun"), [
      join(repo, "bench/rename-schools-unique.ts"),
      copy,
    ]).toString(),
  );
  const server = await startOpenmat(binary, dir, copy);
  try {
    progress(`pins with unique names: ${renamed.names} names of ${renamed.schools} schools`);
    return await pinsSize(server.baseUrl);
  } finally {
    await server.stop();
  }
}

const kb = (size) => `${size.rawKb.toFixed(1)} / ${size.gzipKb.toFixed(1)}`;

/** The rows of one measure: the pins (with the goal, when given) and their names. */
export function pinsRows(label, size, goalKb) {
  const rows = [
    {
      name: `pins body, ${label} (KB raw / gzip)`,
      value: kb(size),
      ...(goalKb ? { goal: { text: `≤ ${goalKb} KB gzipped`, met: size.gzipKb <= goalKb } } : {}),
    },
  ];
  if (size.names)
    rows.push({
      name: `pin names body, ${label}, fetched beside the pins (KB raw / gzip)`,
      value: kb(size.names),
    });
  return rows;
}
