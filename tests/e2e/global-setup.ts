/**
 * Starts the compiled binary for the end-to-end tests and returns its teardown.
 * The binary is copied alone into an empty temp folder with no node_modules anywhere
 * above it, which proves it carries everything it needs (client assets, migrations,
 * the libsql addon).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const BINARY = fileURLToPath(new URL("../../dist/openmat", import.meta.url));
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;

/** Asks the OS for a free port; the brief gap before the server binds it is acceptable here. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(address)));
    });
  });
}

const exited = (child: ChildProcess, ms: number) =>
  new Promise<boolean>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done(true);
    const timer = setTimeout(() => done(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      done(true);
    });
  });

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(
    `dist/openmat did not answer GET /healthz with 200 within ${START_TIMEOUT_MS / 1000}s ` +
      `(exit code ${child.exitCode}). Server log:\n${readFileSync(logFile, "utf8")}`,
  );
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(BINARY)) {
    throw new Error(`${BINARY} is missing: run \`npm run build\` before the end-to-end tests.`);
  }
  const dir = mkdtempSync(join(tmpdir(), "openmat-e2e-"));
  const binary = join(dir, "openmat");
  copyFileSync(BINARY, binary);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(dir, "server.log");
  const log = openSync(logFile, "a");
  const child = spawn(binary, ["serve"], {
    cwd: dir,
    stdio: ["ignore", log, log],
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "e2e.db")}`,
      PUBLIC_URL: url,
      NODE_ENV: "development",
    },
  });
  await waitForHealth(url, child, logFile);
  process.env.E2E_BASE_URL = url;

  return async () => {
    child.kill("SIGTERM");
    const stopped = await exited(child, STOP_TIMEOUT_MS);
    if (!stopped) child.kill("SIGKILL");
    const code = child.exitCode;
    const output = readFileSync(logFile, "utf8");
    rmSync(dir, { recursive: true, force: true });
    if (!stopped || code !== 0) {
      throw new Error(
        `dist/openmat did not exit cleanly on SIGTERM (${stopped ? `exit code ${code}` : "still running after 10s"}). ` +
          `Server log:\n${output}`,
      );
    }
  };
}
