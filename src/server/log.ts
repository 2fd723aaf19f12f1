export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, string | number | boolean | null | undefined>;
/** json: one object per line, for log shippers (the default); text: `key=value` lines for people. */
export type LogFormat = "json" | "text";

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const stdout = (line: string) => void process.stdout.write(`${line}\n`);

/** A value as `key=value` shows it: bare when it is one plain word, else JSON-quoted. */
const textValue = (value: string | number | boolean | null) =>
  typeof value === "string" && !/^[\w./:@+-]+$/.test(value) ? JSON.stringify(value) : String(value);

/** `2026-05-01T10:00:00.000Z INFO  request reqId=… route=/api/users/:id status=200 ms=1.2` */
function textLine(time: string, at: LogLevel, msg: string, fields: LogFields = {}): string {
  const pairs = Object.entries(fields)
    .filter((entry): entry is [string, string | number | boolean | null] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${textValue(value)}`);
  return [time, at.toUpperCase().padEnd(5), msg, ...pairs].join(" ");
}

/** One line per entry on stdout (JSON by default), so any log shipper can read it. */
export function createLogger(
  level: LogLevel = "info",
  write: (line: string) => void = stdout,
  format: LogFormat = "json",
): Logger {
  const emit = (at: LogLevel) => (msg: string, fields?: LogFields) => {
    if (rank[at] < rank[level]) return;
    const time = new Date().toISOString();
    write(
      format === "text"
        ? textLine(time, at, msg, fields)
        : JSON.stringify({ time, level: at, msg, ...fields }),
    );
  };
  return { debug: emit("debug"), info: emit("info"), warn: emit("warn"), error: emit("error") };
}

export const silentLogger: Logger = createLogger("error", () => {});
