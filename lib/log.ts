/** Structured logs: one JSON object per line on stderr, filtered by level. Never page text or typed text. */
import type { LogLevel } from "./config.ts";

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, off: 100 };
let threshold = RANK.info;

export function setLogLevel(level: LogLevel): void {
  threshold = RANK[level];
}

export function log(
  level: Exclude<LogLevel, "off">,
  msg: string,
  fields: Record<string, unknown> = {},
): void {
  if (RANK[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(line + "\n"));
  } catch { /* stderr closed */ }
}
