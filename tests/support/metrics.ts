import parse, { type PrometheusFamily } from "parse-prometheus-text-format";
import { TEST_ORIGIN, type TestApp } from "./test-app";

export const METRICS_TOKEN = "test-metrics-token-0123456789";

/** GET /metrics from `peerIp` (the socket's address), with `token` as a bearer if given. */
export function scrapeFrom(t: TestApp, peerIp: string, token?: string, headers: Record<string, string> = {}) {
  return t.app.handle(
    new Request(`${TEST_ORIGIN}/metrics`, {
      headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers },
    }),
    peerIp,
  );
}

/**
 * A scrape parsed by a Prometheus text parser (which throws on a malformed line), and the
 * raw text: the parser folds a labelled histogram's series together, so those are read
 * from the text.
 */
export async function scrape(t: TestApp, token = METRICS_TOKEN) {
  const res = await scrapeFrom(t, "203.0.113.9", token);
  if (res.status !== 200) throw new Error(`GET /metrics answered ${res.status}: ${await res.text()}`);
  const text = await res.text();
  return { text, families: parse(text), contentType: res.headers.get("content-type") };
}

/** The value of `name`'s one sample whose labels include `labels`; undefined when there is none. */
export function sampleOf(
  families: PrometheusFamily[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const family = families.find((f) => f.name === name);
  const sample = family?.metrics.find((m) =>
    Object.entries(labels).every(([key, value]) => m.labels?.[key] === value),
  );
  return sample?.value === undefined ? undefined : Number(sample.value);
}

/** The sum of `name`'s samples whose labels include `labels` (0 when there is none). */
export function sumOf(
  families: PrometheusFamily[],
  name: string,
  labels: Record<string, string> = {},
): number {
  const family = families.find((f) => f.name === name);
  return (family?.metrics ?? [])
    .filter((m) => Object.entries(labels).every(([key, value]) => m.labels?.[key] === value))
    .reduce((sum, m) => sum + Number(m.value ?? 0), 0);
}

/** A histogram series' bucket counts from the raw text, by `le`. */
export function histogramBuckets(text: string, name: string, labels: Record<string, string>) {
  const buckets = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = new RegExp(`^${name}_bucket\\{(.*)\\} (\\S+)$`).exec(line);
    if (!match?.[1] || !match[2]) continue;
    const pairs = Object.fromEntries(
      [...match[1].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => pairs[key] === value) && pairs.le !== undefined) {
      buckets.set(pairs.le, Number(match[2]));
    }
  }
  return buckets;
}
