/**
 * Rows whose goal is a ratio to another row loaded in the same run (issue 25): the member
 * rows at ten times the size against the same rows at the 1x size (lib/summary.mjs turns
 * `relativeTo` with `maxCostRatio` into the goal cell), and the feed API on sqld against the
 * same API on a local file (a measure row of its own).
 */

/** `BENCH_SCALE` (1 or 10; default 1): also run the member rows at this multiple of the size. */
export function benchScale() {
  const scale = Number(process.env.BENCH_SCALE || 1);
  if (![1, 10].includes(scale))
    throw new Error(`BENCH_SCALE must be 1 or 10, got "${process.env.BENCH_SCALE}"`);
  return scale;
}

// The issue: "each row above within 1.5 times its cost at 10,000 members".
export const MAX_COST_RATIO = 1.5;

/**
 * The member rows of `larger` (the same scenarios made for the larger databases), each named
 * with its scale and judged on its cost (1 / req/s) over its twin in `base` (same index), the
 * share of the ceiling left to show. `pick` keeps the member rows of a list that has others.
 */
export function atScale(base, larger, scale, pick = () => true) {
  const rows = [];
  larger.forEach((row, i) => {
    if (!pick(row)) return;
    const { minPercentOfCeiling, maxP99Ms, relativeTo, maxSlowerPercent, relativeGoalText, ...rest } = row;
    rows.push({
      ...rest,
      name: `${row.name} [${scale}x]`,
      relativeTo: base[i].name,
      maxCostRatio: MAX_COST_RATIO,
      relativeGoalText: `cost ≤ ${MAX_COST_RATIO}× its row at 1x`,
    });
  });
  return rows;
}

/** The member rows among the generated-schools rows: a member's saved gyms and calendar. */
export const isMemberSchoolRow = (row) => /saved gyms|a member's calendar/.test(row.name);

const FEED_API = "/api/posts/feed?limit=10";
// The issue: "On sqld: … the feed API at least half its local-file rate."
export const MIN_SQLD_RATIO = 0.5;

/**
 * Against sqld (or replicas): the feed API row is also loaded on a local-file copy of the same
 * database. Returns that one row (none when the list has no feed API row) and the pair of
 * names `sqldRatioRow` reads back.
 */
export function localTwin(list) {
  const api = list.find((row) => row.path === FEED_API);
  if (!api) return { local: [] };
  const { minPercentOfCeiling, maxP99Ms, ...rest } = api;
  const local = { ...rest, name: `${api.name}, on a local file (for the ratio)` };
  return { local: [local], pair: { remote: api.name, local: local.name } };
}

/** The measure row: the feed API's req/s on sqld over its req/s on a local file, same run. */
export function sqldRatioRow(mode, throughput, pair) {
  const rate = (name) => throughput.find((row) => row.name === name)?.reqPerSec;
  const ratio = rate(pair.remote) / rate(pair.local);
  return {
    name: `${pair.remote}: req/s on ${mode} over req/s on a local file`,
    value: ratio.toFixed(2),
    goal: { text: `≥ ${MIN_SQLD_RATIO}`, met: ratio >= MIN_SQLD_RATIO },
  };
}
