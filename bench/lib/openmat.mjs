import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { progress } from "./progress.mjs";
import { freePort, HOST, startServer } from "./server.mjs";

/**
 * Starts the binary as production would, on loopback, with its public URL at the same
 * address so a scenario's same-site writes pass the cross-site check.
 */
export async function startOpenmat(binary, dir, databasePath, extraEnv = {}) {
  const port = await freePort();
  return startServer({
    name: "openmat",
    command: binary,
    args: ["serve"],
    cwd: dir,
    port,
    readyPath: "/healthz",
    env: {
      HOST,
      PUBLIC_URL: `http://${HOST}:${port}`,
      DATABASE_URL: `file:${databasePath}`,
      LOG_LEVEL: "error",
      NODE_ENV: "production",
      ...extraEnv,
    },
  });
}

/**
 * One start on a new database at `migratedPath` (it migrates), then `warmStarts` starts,
 * each on its own copy of the now migrated file, so none of them pays for migrations.
 * A clean stop checkpoints the WAL, so the .db file alone is a complete copy.
 */
export async function measureStartup(binary, dir, migratedPath, warmStarts) {
  progress("first start (migrates a new database)");
  const first = await startOpenmat(binary, dir, migratedPath);
  await first.stop();
  const ms = [];
  const rssMb = [];
  for (let i = 1; i <= warmStarts; i++) {
    progress(`cold start ${i}/${warmStarts}`);
    const copy = join(dir, `start-${i}.db`);
    copyFileSync(migratedPath, copy);
    const server = await startOpenmat(binary, dir, copy);
    ms.push(server.startMs);
    rssMb.push(server.rssMb());
    await server.stop();
  }
  return { firstMs: first.startMs, ms, rssMb };
}
