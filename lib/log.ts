/** Structured logs: one JSON object per line on stderr, filtered by level. Never page text or typed text. */
import type { LogLevel } from "./config.ts";
import { redactUrl } from "./policy/url.ts";

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, off: 100 };
let threshold = RANK.info;

export function setLogLevel(level: LogLevel): void {
  threshold = RANK[level];
}

/** Field names whose values never reach a log, whatever a caller passes. */
const SECRET_KEY = /token|secret|password|passwd|authorization|cookie|credential|^text$|^value$/i;
const URL_KEY = /url$/i;

/** A field's value as it may be logged: secrets dropped, URLs redacted, long strings cut. */
function clean(key: string, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (SECRET_KEY.test(key)) return "[redacted]";
  if (typeof value === "string") {
    const text = URL_KEY.test(key) ? redactUrl(value) : value;
    return text.length > 2048 ? text.slice(0, 2048) + "…" : text;
  }
  return value;
}

export function log(
  level: Exclude<LogLevel, "off">,
  msg: string,
  fields: Record<string, unknown> = {},
): void {
  if (RANK[level] < threshold) return;
  const record: Record<string, unknown> = { time: new Date().toISOString(), level, msg };
  for (const [k, v] of Object.entries(fields)) {
    if (!(k in record)) record[k] = clean(k, v);
  }
  let line: string;
  try {
    line = JSON.stringify(record);
  } catch {
    line = JSON.stringify({ time: record.time, level, msg, unloggable: true });
  }
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(line + "\n"));
  } catch { /* stderr closed */ }
}
