// The member soak of `npm run bench` (200 members in turn, each /about /feed /users/{id}
// /profile /messages /) run in-process, with a full collection after each round, to tell a
// leak from the collector: the HTTP soak reads RSS once a checkpoint, under a collector that
// lets the heap run well above what is live.
//   NODE_ENV=production bun bench/member-soak-heap.ts [ROUNDS=42]
// MEMBER_CACHE_MB=<n> runs it with that cache (0 for none), to see what the kept pages hold.
// On a copy of the database bench/member-pages.ts seeds (run it once first), with 200 members
// signed in by bench/seed-signed-in.ts. Prints, per round of 1,200 requests, the heap (and its extra memory: strings and buffers) and
// object count after the collection, and RSS.
import { heapStats } from "bun:jsc";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchApp } from "./lib/in-process";

const source = join(tmpdir(), "openmat-bench-member-pages.db");
if (!existsSync(source)) throw new Error("run bench/member-pages.ts once first: it seeds the database");
const dir = mkdtempSync(join(tmpdir(), "openmat-soak-heap-"));
const file = join(dir, "soak.db");
copyFileSync(source, file);
const signedIn = Bun.spawnSync(["bun", "bench/seed-signed-in.ts", file, "200"], { stderr: "inherit" });
if (signedIn.exitCode !== 0) throw new Error("seed-signed-in failed");
const { cookies } = JSON.parse(signedIn.stdout.toString()) as { cookies: string[] };
const seeded = JSON.parse(await Bun.file(`${source}.json`).text()) as {
  members: { subject: { id: number } };
};
const bench = await benchApp(
  file,
  process.env.MEMBER_CACHE_MB ? { MEMBER_CACHE_MB: process.env.MEMBER_CACHE_MB } : {},
);
const pages = ["/about", "/feed", `/users/${seeded.members.subject.id}`, "/profile", "/messages", "/"];
const rounds = Number(process.argv[2] ?? 42);
for (let round = 1; round <= rounds; round++) {
  const started = performance.now();
  for (const cookie of cookies) {
    await Promise.all(
      pages.map((path) =>
        bench.get(path, { cookie, "accept-encoding": "gzip" }).then((r) => r.arrayBuffer()),
      ),
    );
  }
  Bun.gc(true);
  const heap = heapStats();
  console.log(
    `round ${round} (${round * cookies.length * pages.length} requests, ${(performance.now() - started).toFixed(0)} ms):` +
      ` heap ${(heap.heapSize / 1e6).toFixed(1)} MB (extra ${(heap.extraMemorySize / 1e6).toFixed(1)}), ${heap.objectCount} objects,` +
      ` RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
}
await bench.close();
rmSync(dir, { recursive: true, force: true });
