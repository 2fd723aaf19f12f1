/** The parts of parse-prometheus-text-format (it ships no types) that the metrics tests read. */
declare module "parse-prometheus-text-format" {
  export interface PrometheusSample {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: PrometheusSample[];
  }
  /** Throws on a line that is not in the text exposition format. */
  export default function parse(text: string): PrometheusFamily[];
}
