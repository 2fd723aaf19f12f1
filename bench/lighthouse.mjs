/**
 * `npm run bench:lighthouse`: Lighthouse (mobile emulation, simulated throttling) on the
 * compiled binary's home page in the test command's Chromium. Prints the performance and
 * accessibility scores and every script loaded before the first interaction, by chunk.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { atExit } from "./lib/cleanup.mjs";
import { startOpenmat } from "./lib/openmat.mjs";

const repo = fileURLToPath(new URL("..", import.meta.url));
// Issue 23: mobile performance at least 95 and accessibility 100 on /.
const GOALS = { performance: 95, accessibility: 100 };

async function main() {
  const chromePath = execFileSync("bash", [join(repo, "scripts/ensure-chromium.sh")])
    .toString()
    .trim();
  const dir = mkdtempSync(join(os.tmpdir(), "openmat-lighthouse-"));
  atExit(() => rmSync(dir, { recursive: true, force: true }));
  const binary = join(dir, "openmat");
  // OPENMAT_BINARY measures another build, e.g. one kept from before a change.
  copyFileSync(process.env.OPENMAT_BINARY ?? join(repo, "dist/openmat"), binary);
  const server = await startOpenmat(binary, dir, join(dir, "lh.db"));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
    ],
  });
  atExit(() => chrome.kill());
  const pages = [`${server.baseUrl}/`, `${server.baseUrl}/about`];
  const rows = [];
  let scripts = [];
  for (const url of pages) {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
    if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    rows.push({
      url: new URL(url).pathname,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      lcpMs: Math.round(numeric("largest-contentful-paint")),
      tbtMs: Math.round(numeric("total-blocking-time")),
      cls: numeric("cumulative-layout-shift").toFixed(3),
      lcpElement:
        lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.selector ?? "",
    });
    if (url.endsWith("/")) {
      const tti = lhr.audits.interactive?.numericValue ?? Number.POSITIVE_INFINITY;
      scripts = (lhr.audits["network-requests"].details.items ?? [])
        .filter((r) => r.resourceType === "Script" && r.networkEndTime <= tti + 1)
        .map((r) => ({ url: new URL(r.url).pathname, kb: (r.transferSize / 1024).toFixed(1) }));
    }
  }
  await chrome.kill();
  await server.stop();

  const met = (value, goal) => (value >= goal ? "✅" : "❌");
  console.log("| page | performance | accessibility | LCP ms | TBT ms | CLS | LCP element |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const r of rows) {
    console.log(
      `| ${r.url} | ${r.performance} ${met(r.performance, GOALS.performance)} | ${r.accessibility} ${met(r.accessibility, GOALS.accessibility)} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | \`${r.lcpElement}\` |`,
    );
  }
  console.log("\nScripts on / before it is interactive (transferred, gzip):\n");
  console.log("| script | KB |\n| --- | ---: |");
  for (const s of scripts) console.log(`| ${s.url} | ${s.kb} |`);
  const total = scripts.reduce((sum, s) => sum + Number(s.kb), 0);
  console.log(`| total | ${total.toFixed(1)} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
