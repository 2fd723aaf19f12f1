import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { atExit } from "./cleanup.mjs";

/** The only address the bench ever binds or loads. */
export const HOST = "127.0.0.1";
// Cold start is timed by this poll, so its period bounds the measurement's resolution.
const POLL_MS = 5;
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

const running = new Set();
atExit(() => {
  for (const child of running) child.kill("SIGKILL");
});

/** A port that was free a moment ago; the server we start next binds it. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns a server listening on `port` and resolves once `readyPath` answers 200, with
 * `startMs`, the time from spawn to that first 200. Only PATH and HOME are inherited, so
 * the developer's own OpenMat settings cannot leak into the measurement.
 */
export async function startServer({ name, command, args = [], cwd, port, env, readyPath }) {
  const baseUrl = `http://${HOST}:${port}`;
  const startedAt = performance.now();
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  running.add(child);
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let ended = false;
  const exited = new Promise((resolve) => {
    const end = () => {
      ended = true;
      running.delete(child);
      resolve();
    };
    child.once("exit", end);
    child.once("error", (error) => {
      stderr += String(error);
      end();
    });
  });

  const deadline = startedAt + READY_TIMEOUT_MS;
  while ((await statusOf(baseUrl + readyPath)) !== 200) {
    if (ended) throw new Error(`${name} exited before it was ready:\n${stderr}`);
    if (performance.now() > deadline) throw new Error(`${name} was not ready after ${READY_TIMEOUT_MS} ms`);
    await sleep(POLL_MS);
  }
  const startMs = performance.now() - startedAt;

  return {
    baseUrl,
    startMs,
    pid: child.pid,
    rssMb: () => readRssMb(child.pid),
    async stop() {
      if (ended) return;
      child.kill("SIGTERM");
      const kill = setTimeout(() => {
        console.error(`bench: ${name} still running ${STOP_TIMEOUT_MS} ms after SIGTERM; killing it`);
        child.kill("SIGKILL");
      }, STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(kill);
    },
  };
}

/** Resolves with the status code, or 0 when nothing answers yet. */
function statusOf(url) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
  });
}

function readRssMb(pid) {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) / 1024;
}
