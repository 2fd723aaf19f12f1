import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** The results as Markdown: throughput per target, then startup and size. */
export function markdown(results) {
  const { load, machine } = results;
  // Round trips per request are counted only against sqld (BENCH_DB=sqld); the column is there then.
  const trips = results.throughput.some((row) => row.roundTrips !== undefined);
  const lines = [
    `${load.connections} connections, pipelining ${load.pipelining}, ${load.durationSeconds} s per target ` +
      `after a ${load.warmupSeconds} s warm-up; ${machine.cpus} CPUs, load average ${machine.loadAverageBefore} ` +
      `before the run; node ${machine.node}; database: ${results.database ?? "file"}; ${results.date}`,
    "",
    `| target | req/s | p99 ms | % of ceiling |${trips ? " DB round trips / request |" : ""} goal |`,
    `| --- | ---: | ---: | ---: |${trips ? " ---: |" : ""} --- |`,
    ...results.throughput.map(
      (row) =>
        `| ${row.name} | ${row.reqPerSec.toLocaleString("en-US")} | ${row.p99Ms || "< 1"} | ${row.percentOfCeiling}% |` +
        `${trips ? ` ${row.roundTrips ?? ""} |` : ""} ${goalCell(row.goal)} |`,
    ),
    "",
    "| measure | value | goal |",
    "| --- | ---: | --- |",
    ...results.startup.map((row) => `| ${row.name} | ${row.value} | ${goalCell(row.goal)} |`),
  ];
  for (const warning of results.warnings) lines.push("", `> ⚠ ${warning}`);
  return lines.join("\n");
}

function goalCell(goal) {
  if (!goal) return "";
  return `${goal.text}: ${goal.met ? "✅ met" : "❌ missed"}`;
}

export function writeJson(path, results) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
}
