/** Configuration: flags, then environment variables, then defaults. */
import type { Operator } from "./config_file.ts";

export interface Limits {
  maxSessions: number;
  maxPages: number;
  maxQueuedOps: number;
  snapshotMaxBytes: number;
}

export interface Config {
  host: string;
  port: number;
  token: string | null;
  allowNoToken: boolean;
  chromium: string | null;
  sessionIdleMs: number;
  maxBodyBytes: number;
  allowedHosts: string[];
  allowedRequestOrigins: string[];
  limits: Limits;
  logLevel: LogLevel;
  /** Refuse loopback and private ranges to pages (default: allowed, agents test local apps). */
  blockPrivateNetwork: boolean;
  /** MCP defaults: the server's name and the tools offered (every tool when absent). */
  mcp: { name?: string; tools?: string[] };
  /** BAP `browser/launch` may attach to a browser at `cdpUrl` (outside the sandbox guarantees). */
  allowCdpAttach: boolean;
  /** What the operator's --config file says: secrets and approval rules. */
  operator: Operator;
}

export type LogLevel = "debug" | "info" | "warn" | "error" | "off";
export const LOG_LEVELS: LogLevel[] = ["debug", "info", "warn", "error", "off"];

export const DEFAULT_LIMITS: Limits = {
  maxSessions: 8,
  maxPages: 8,
  maxQueuedOps: 32,
  snapshotMaxBytes: 48 * 1024,
};

export function defaultConfig(): Config {
  return {
    host: "127.0.0.1",
    port: 9222,
    token: null,
    allowNoToken: false,
    chromium: null,
    sessionIdleMs: 15 * 60_000,
    maxBodyBytes: 10 * 1024 * 1024,
    allowedHosts: [],
    allowedRequestOrigins: [],
    limits: { ...DEFAULT_LIMITS },
    logLevel: "info",
    blockPrivateNetwork: false,
    mcp: {},
    operator: { secrets: {}, approvals: [] },
    allowCdpAttach: false,
  };
}

/** Parse a duration such as `900`, `90s`, `15m`, `1h`, `500ms` into milliseconds. */
export function parseDuration(text: string): number {
  const m = text.trim().match(/^(\d+(?:\.\d+)?)(ms|s|m|h)?$/);
  if (!m) throw new Error(`"${text}" is not a duration (examples: 900s, 15m, 1h)`);
  const n = Number(m[1]);
  const unit = m[2] ?? "s";
  return Math.round(n * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit]!);
}

/** Parse a size such as `10485760`, `512k`, `10m` (KiB/MiB) into bytes. */
export function parseSize(text: string): number {
  const m = text.trim().toLowerCase().match(/^(\d+)(k|kb|kib|m|mb|mib)?$/);
  if (!m) throw new Error(`"${text}" is not a size (examples: 10485760, 512k, 10m)`);
  const mult = m[2]?.startsWith("k") ? 1024 : m[2]?.startsWith("m") ? 1024 * 1024 : 1;
  return Number(m[1]) * mult;
}

/** Hosts that are loopback: names and literal addresses. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}
