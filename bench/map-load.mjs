/**
 * `npm run bench:map`: how soon a visitor on a phone sees the home map, without touching
 * the page. The compiled binary with its demo schools, Chromium at 390 px, each run in a
 * fresh context (cold cache), at CPU throttling 1x and 4x (CDP). Prints, per rate, the
 * median of RUNS runs of: the first HTML (response end), the first contentful paint, the
 * list interactive (hydrated, data-list-ready), the map canvas visible, the pins drawn (the
 * map's data-pins-drawn reaching MIN_PINS: every demo school's pin loaded and a frame drawn),
 * 'Loading map…' gone, and the longest task after the list became interactive.
 *
 * Options (environment): MAP_BENCH_RUNS (default 3), MAP_BENCH_BINARY (default dist/openmat),
 * MAP_BENCH_DPR (device pixel ratio, default 1), MAP_BENCH_MIN_PINS (default 1000; 0 for a
 * build from before data-pins-drawn, which then waits for the map's data-map-ready),
 * MAP_BENCH_VERBOSE=1 (every run and its long tasks on stderr).
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright";
import { atExit } from "./lib/cleanup.mjs";
import { startOpenmat } from "./lib/openmat.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.MAP_BENCH_RUNS ?? 3);
const RATES = [1, 4];
const GOALS = { 1: 1500, 4: 3000 };
const LONG_TASK_GOAL_MS = 200;
const VIEWPORT = { width: 390, height: 844 };
// Chromium draws WebGL in software here (SwiftShader), where each device pixel costs CPU a
// phone's GPU would spend: 1 by default, as the figures were taken.
const DPR = Number(process.env.MAP_BENCH_DPR ?? 1);
/**
 * The demo has about 1,250 schools; fewer on the map means the first 15 of the list. 0 waits
 * for the map's data-map-ready instead, for builds from before data-pins-drawn.
 */
const MIN_PINS = Number(process.env.MAP_BENCH_MIN_PINS ?? 1000);
const TIMEOUT_MS = 30_000;

/** Runs before any page script: timestamps (performance.now) of what the visitor sees. */
function observe(minPins) {
  const marks = {};
  const tasks = [];
  window.__mapBench = { marks, tasks };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  const visible = (el) => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const check = () => {
    const now = performance.now();
    const once = (name, seen) => {
      if (marks[name] === undefined && seen) marks[name] = now;
    };
    once("listInteractive", document.querySelector("[data-list-ready='true']"));
    once("canvas", visible(document.querySelector(".school-map canvas")));
    const map = document.querySelector(".school-map");
    // Builds older than data-pins-drawn: the map's first idle (every tile drawn) instead.
    once(
      "pins",
      minPins > 0 ? Number(map?.dataset.pinsDrawn ?? 0) >= minPins : map?.dataset.mapReady === "true",
    );
    const status = document.querySelector(".home-map-status");
    if (status) marks.loadingShown = true;
    once("loadingGone", document.querySelector(".home-map") && !status && marks.loadingShown);
    if (marks.pins === undefined || marks.loadingGone === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function measure(browser, url, rate) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: DPR,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  await page.addInitScript(observe, MIN_PINS);
  await page.goto(url);
  await page.waitForFunction(
    () => window.__mapBench.marks.pins !== undefined && window.__mapBench.marks.loadingGone !== undefined,
    undefined,
    { timeout: TIMEOUT_MS, polling: 100 },
  );
  // Let any task started by the map's first frames finish and be reported.
  await page.waitForTimeout(1000);
  const result = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    const { marks, tasks } = window.__mapBench;
    const after = tasks.filter((t) => t.start >= (marks.listInteractive ?? 0));
    return {
      html: nav.responseEnd,
      fcp: fcp?.startTime ?? Number.NaN,
      listInteractive: marks.listInteractive,
      canvas: marks.canvas,
      pins: marks.pins,
      loadingGone: marks.loadingGone,
      longestTask: Math.max(0, ...after.map((t) => t.ms)),
      tasks: after.map((t) => `${Math.round(t.start)}+${Math.round(t.ms)}`).join(" "),
    };
  });
  await context.close();
  if (process.env.MAP_BENCH_VERBOSE) console.error(rate, JSON.stringify(result));
  delete result.tasks;
  return result;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  const dir = mkdtempSync(join(os.tmpdir(), "openmat-map-load-"));
  atExit(() => rmSync(dir, { recursive: true, force: true }));
  const binary = join(dir, "openmat");
  copyFileSync(process.env.MAP_BENCH_BINARY ?? join(repo, "dist/openmat"), binary);
  const server = await startOpenmat(binary, dir, join(dir, "map.db"));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  atExit(() => browser.close());
  // One unmeasured visit, so the server's first-request work is not in the figures.
  await measure(browser, `${server.baseUrl}/`, 1);
  const rows = [];
  for (const rate of RATES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, `${server.baseUrl}/`, rate));
    const row = { rate };
    for (const key of Object.keys(runs[0])) row[key] = Math.round(median(runs.map((r) => r[key])));
    rows.push(row);
  }
  await browser.close();
  await server.stop();

  const met = (ok) => (ok ? "✅" : "❌");
  console.log(
    `Home map at 390 px, no interaction, median of ${RUNS} cold runs (ms from navigation start):\n`,
  );
  console.log(
    "| CPU | first HTML | FCP | list interactive | map canvas | pins drawn | 'Loading map…' gone | longest task after list interactive |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows) {
    const goal = GOALS[r.rate];
    console.log(
      `| ${r.rate}x | ${r.html} | ${r.fcp} | ${r.listInteractive} | ${r.canvas} | ${r.pins} ${met(r.pins <= goal)} (goal ${goal}) | ${r.loadingGone} | ${r.longestTask} ${met(r.longestTask <= LONG_TASK_GOAL_MS)} (goal ${LONG_TASK_GOAL_MS}) |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
