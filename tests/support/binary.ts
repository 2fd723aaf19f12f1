/**
 * Starts the compiled binary as a self-hoster would: copied alone into an empty folder, in
 * a mount namespace where the checkout it was built from is hidden under an empty tmpfs.
 * Anything the binary still read from the source or build tree would fail there. Used by
 * the Playwright global setup and the binary tests; plain Node APIs, so both runners load it.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const CHECKOUT = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");
export const BINARY = join(CHECKOUT, "dist/openmat");
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;

/** Asks the OS for a free port; the brief gap before the server binds it is acceptable here. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail(address)));
    });
  });
}

/**
 * The command that runs `args` with the checkout hidden: `unshare -m` as root (CI), else
 * `unshare -rm` (a user namespace). The shell proves the checkout is empty before exec.
 */
export function hiddenCheckoutCommand(args: string[]): string[] {
  const asRoot = process.getuid?.() === 0;
  const script = 'mount -t tmpfs none "$0" && [ ! -e "$0/package.json" ] && exec "$@"';
  return [
    "unshare",
    asRoot ? "-m" : "-rm",
    "--propagation",
    "private",
    "sh",
    "-c",
    script,
    CHECKOUT,
    ...args,
  ];
}

/** Fails early, with the reason, where this machine cannot make a mount namespace. */
export function assertCanHideCheckout(): void {
  const probe = spawnSync(
    hiddenCheckoutCommand(["true"])[0] as string,
    hiddenCheckoutCommand(["true"]).slice(1),
  );
  if (probe.status !== 0) {
    throw new Error(
      `Cannot hide the checkout in a mount namespace (unshare exit ${probe.status}): ` +
        `${probe.stderr?.toString().trim() || probe.error?.message}. Run the tests as root, or enable user namespaces.`,
    );
  }
}

export interface RunningBinary {
  url: string;
  dir: string;
  child: ChildProcess;
  /** Everything the binary printed so far. */
  log(): string;
  /** SIGTERM, then the exit code (null when it had to be killed), and the folder removed. */
  stop(): Promise<number | null>;
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

/** Copies the binary into a fresh folder and runs `openmat ARGS` there with the checkout hidden. */
export function runHidden(args: string[], env: Record<string, string> = {}) {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`npm run build\` first.`);
  const dir = mkdtempSync(join(tmpdir(), "openmat-bin-"));
  if (!relative(CHECKOUT, dir).startsWith("..")) throw new Error(`${dir} is inside the checkout`);
  copyFileSync(BINARY, join(dir, "openmat"));
  const [command, ...rest] = hiddenCheckoutCommand(["./openmat", ...args]);
  const logFile = join(dir, "openmat.log");
  const out = openSync(logFile, "a");
  const child = spawn(command as string, rest, {
    cwd: dir,
    stdio: ["ignore", out, out],
    // The server runs in UTC whatever the machine's zone, as it is judged (browsers in a US zone).
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, TZ: "UTC", ...env },
  });
  return { dir, child, log: () => readFileSync(logFile, "utf8") };
}

/** `openmat serve` with the checkout hidden, answering /healthz, on a free loopback port. */
export async function startHiddenServer(env: Record<string, string> = {}): Promise<RunningBinary> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { dir, child, log } = runHidden(["serve"], {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATABASE_URL: "file:openmat.db",
    ...env,
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  let healthy = false;
  while (!healthy && Date.now() < deadline && child.exitCode === null) {
    healthy = await fetch(`${url}/healthz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (!healthy) await new Promise((r) => setTimeout(r, 100));
  }
  if (!healthy) {
    child.kill("SIGKILL");
    const output = log();
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `dist/openmat did not answer GET /healthz with 200 within ${START_TIMEOUT_MS / 1000}s ` +
        `(exit code ${child.exitCode}). Its log:\n${output}`,
    );
  }
  return {
    url,
    dir,
    child,
    log,
    async stop() {
      child.kill("SIGTERM");
      const stopped = await exited(child, STOP_TIMEOUT_MS);
      if (!stopped) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
      return stopped ? child.exitCode : null;
    },
  };
}

/** Runs a short command of the binary (--help, migrate…) with the checkout hidden. */
export async function runHiddenCommand(args: string[], env: Record<string, string> = {}) {
  const { dir, child, log } = runHidden(args, env);
  await exited(child, START_TIMEOUT_MS);
  const output = log();
  rmSync(dir, { recursive: true, force: true });
  return { code: child.exitCode, output };
}
