import os from "node:os";
import { LOAD } from "./load.mjs";

// Beyond this, something else loaded the machine during the run and the ratios are rough.
const NOISY_CEILING_SPREAD_PERCENT = 20;

/** The numbers beside the targets, in the shape both the table and the JSON use. */
export function summarize({
  database,
  durationSeconds,
  goals,
  loadAverageBefore,
  startup,
  ceilingRuns,
  measured,
  binaryMb,
}) {
  const ceiling = combine(ceilingRuns);
  const throughput = [
    {
      name: `ceiling (Bun.serve, constant text; mean of ${ceilingRuns.length} runs)`,
      path: "/",
      ...ceiling,
      percentOfCeiling: 100,
    },
    ...measured.map(({ scenario, result }) => {
      const percentOfCeiling = round1((100 * result.reqPerSec) / ceiling.reqPerSec);
      const base = measured.find((m) => m.scenario.name === scenario.relativeTo)?.result;
      return {
        name: scenario.name,
        path: scenario.path,
        ...result,
        percentOfCeiling,
        goal: rowGoal(scenario, percentOfCeiling, result.p99Ms, base && result.reqPerSec / base.reqPerSec),
        ...(scenario.expectStatus ? { expectStatus: scenario.expectStatus } : {}),
        ...(result.roundTrips !== undefined ? { roundTrips: result.roundTrips } : {}),
      };
    }),
  ];
  const cpus = os.availableParallelism();
  return {
    date: new Date().toISOString(),
    machine: { cpus, node: process.version, loadAverageBefore: round1(loadAverageBefore) },
    load: { ...LOAD, durationSeconds },
    database,
    throughput,
    ceilingRuns,
    startup: [...startupRows(startup, goals), { name: "binary size (MB)", value: round1(binaryMb) }],
    warnings: warnings({ cpus, loadAverageBefore, ceilingRuns, ceiling, throughput }),
  };
}

/** Cold start and RSS, when the run measured warm starts (BENCH_ONLY may skip them). */
function startupRows(startup, goals) {
  const first = { name: "first start, migrating a new DB (ms)", value: Math.round(startup.firstMs) };
  if (!startup.ms.length) return [first];
  const coldStartMs = median(startup.ms);
  const rssMb = median(startup.rssMb);
  return [
    {
      name: `cold start, median of ${startup.ms.length} on a migrated DB (ms)`,
      value: Math.round(coldStartMs),
      samples: startup.ms.map(Math.round),
      goal: goal(`< ${goals.coldStartMs} ms`, coldStartMs < goals.coldStartMs),
    },
    first,
    {
      name: "RSS after start, median (MB)",
      value: round1(rssMb),
      samples: startup.rssMb.map(round1),
      goal: goal(`< ${goals.rssMb} MB`, rssMb < goals.rssMb),
    },
  ];
}

/**
 * A row's goals in one cell: a share of the ceiling, a p99, a share of another row's req/s
 * (`ratio`, undefined when that row was not run), or several (all must hold).
 */
function rowGoal(scenario, percentOfCeiling, p99Ms, ratio) {
  const min = scenario.minPercentOfCeiling;
  const maxP99 = scenario.maxP99Ms;
  const parts = [];
  if (scenario.relativeTo !== undefined) {
    const text = scenario.relativeGoalText ?? `within ${scenario.maxSlowerPercent}% of unfiltered`;
    parts.push(
      ratio === undefined
        ? goal(`${text} (its row was not run)`, false)
        : relativeGoal(scenario, text, ratio),
    );
  }
  if (min !== undefined) parts.push(goal(`≥ ${min}% of ceiling`, percentOfCeiling >= min));
  if (maxP99 !== undefined) parts.push(goal(scenario.goalText ?? `p99 < ${maxP99} ms`, p99Ms < maxP99));
  if (!parts.length) return undefined;
  return goal(
    parts.map((p) => p.text).join(", "),
    parts.every((p) => p.met),
  );
}

/**
 * A goal against another row of the same run, `ratio` being this row's req/s over that one's:
 * a cost (1 / req/s) at most `maxCostRatio` times that row's (the larger size, issue 25), or
 * at most `maxSlowerPercent` slower.
 */
function relativeGoal(scenario, text, ratio) {
  if (scenario.maxCostRatio !== undefined) {
    const cost = 1 / ratio;
    return goal(`${text} (${cost.toFixed(2)}×)`, cost <= scenario.maxCostRatio);
  }
  return goal(`${text} (${round1(100 * ratio)}% of its req/s)`, ratio >= 1 - scenario.maxSlowerPercent / 100);
}

/** Why a number in this run should not be trusted, if it should not. */
function warnings({ cpus, loadAverageBefore, ceilingRuns, ceiling, throughput }) {
  const found = [];
  if (loadAverageBefore > cpus) {
    found.push(
      `Before the bench started, the 1-minute load average was ${round1(loadAverageBefore)} on ${cpus} CPUs: ` +
        "other work was competing, so every number here is pessimistic, cold start included.",
    );
  }
  const rates = ceilingRuns.map((run) => run.reqPerSec);
  if ((100 * (Math.max(...rates) - Math.min(...rates))) / ceiling.reqPerSec > NOISY_CEILING_SPREAD_PERCENT) {
    found.push(
      `The ceiling moved between ${rates.join(" and ")} req/s during the run: the machine was busy, ` +
        "so the percentages are rough. Run again when it is quieter.",
    );
  }
  // A target answering errors is fast for the wrong reason; say so beside its number.
  for (const row of throughput.filter((r) => r.non2xx || r.errors)) {
    if (row.expectStatus) {
      // autocannon's status counts include the warm-up; its total does not.
      const unexpected = Math.max(0, row.requests - (row.statusCounts?.[row.expectStatus] ?? 0));
      if (unexpected || row.errors)
        found.push(
          `${row.name}: ${unexpected} answers other than ${row.expectStatus} and ${row.errors} errors.`,
        );
      continue;
    }
    found.push(
      `${row.name}: ${row.non2xx} non-2xx responses and ${row.errors} errors in ${row.requests} requests.`,
    );
  }
  return found;
}

/** The ceiling's row: mean req/s of its runs, worst p99, counts summed. */
function combine(runs) {
  const sum = (key) => runs.reduce((total, run) => total + run[key], 0);
  return {
    reqPerSec: Math.round(sum("reqPerSec") / runs.length),
    p99Ms: Math.max(...runs.map((run) => run.p99Ms)),
    requests: sum("requests"),
    non2xx: sum("non2xx"),
    errors: sum("errors"),
  };
}

function goal(text, met) {
  return { text, met };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const round1 = (n) => Math.round(n * 10) / 10;
