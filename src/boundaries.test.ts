import { describe, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { Glob } from "bun";

/**
 * ARCHITECTURE.md "Boundaries are enforced": features meet only through each other's
 * service.ts, the server never imports browser code, pages never reach into server
 * features, browser code never imports the server, and there are no import cycles.
 */

const SRC = import.meta.dir;
const IMPORT =
  /^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function resolveFile(target: string): string {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, "index.ts")]) {
    try {
      if (readFileSync(join(SRC, candidate))) return candidate;
    } catch {}
  }
  return target;
}

const files = [...new Glob("**/*.{ts,tsx}").scanSync(SRC)].filter((f) => !f.endsWith(".d.ts"));
const edges: Edge[] = files.flatMap((file) => {
  const text = readFileSync(join(SRC, file), "utf8");
  return [...text.matchAll(IMPORT)].flatMap((m) => {
    const spec = m[3] ?? m[4];
    if (!spec?.startsWith(".")) return [];
    const to = resolveFile(relative(SRC, resolve(dirname(join(SRC, file)), spec)));
    return [{ from: file, to, typeOnly: !!m[2] }];
  });
});

const isTest = (f: string) => /\.test\.tsx?$/.test(f);
const feature = (f: string) => f.match(/^server\/features\/([^/]+)\//)?.[1];
const describeEdge = (e: Edge) => `${e.from} -> ${e.to}`;

describe("module boundaries", () => {
  it("reads the import graph", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.length).toBeGreaterThan(500);
  });

  it("a feature uses another feature only through its service.ts", () => {
    const crossing = edges.filter((e) => {
      const [from, to] = [feature(e.from), feature(e.to)];
      return from && to && from !== to && !/^server\/features\/[^/]+\/service\.ts$/.test(e.to);
    });
    expect(crossing.map(describeEdge)).toEqual([]);
  });

  it("the server does not import browser-only code, and pages do not reach into server features", () => {
    const wrong = edges.filter(
      (e) =>
        (e.from.startsWith("server/") && e.to.startsWith("client/")) ||
        (e.from.startsWith("pages/") && e.to.startsWith("server/features/")),
    );
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("a feature renders pages only from its page-routes.ts (ADR 0018)", () => {
    const wrong = edges.filter(
      (e) =>
        feature(e.from) &&
        !isTest(e.from) &&
        !e.typeOnly &&
        /^pages\/[^/]+\.tsx$/.test(e.to) &&
        !/^server\/features\/[^/]+\/page-routes\.ts$/.test(e.from),
    );
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("browser code (client, islands) imports nothing from the server", () => {
    const wrong = edges.filter(
      (e) =>
        (e.from.startsWith("client/") || e.from.startsWith("islands/")) &&
        !isTest(e.from) &&
        e.to.startsWith("server/"),
    );
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("has no import cycles among runtime imports", () => {
    const graph = new Map<string, string[]>();
    for (const e of edges) {
      if (e.typeOnly || isTest(e.from)) continue;
      graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
    }
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (node: string) => {
      state.set(node, "open");
      stack.push(node);
      for (const next of graph.get(node) ?? []) {
        if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next].join(" -> "));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(node, "done");
    };
    for (const node of graph.keys()) if (!state.has(node)) visit(node);
    expect(cycles).toEqual([]);
  });
});
