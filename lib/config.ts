/**
 * Configuration's values: the shape every part receives, its defaults and its limits. A leaf:
 * the command line (`lib/cli/`) reads flags and variables into it; nothing here parses them.
 */
import type { HarSettings, Operator } from "./config_file.ts";

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
  /** A request head must arrive whole within this (ms; 0: no deadline and no front). */
  headerTimeoutMs: number;
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
  /** Origins (patterns) a page may open a popup to: adopted as a page of its own (sign-in windows). */
  allowPopupOrigins: string[];
  /** blocked (default): every download is refused; artifacts: kept in the session's artifact store. */
  downloads: "blocked" | "artifacts";
  /** How long a closed session's journal stays readable (GET …/journal; --journal-keep). */
  journalKeepMs: number;
  /** Observation bytes a session may be given before its tier steps down and then it is refused (null: no limit). */
  sessionBudgetBytes: number | null;
  /** Record every session (frames and timeline events), not only those created with `record: true`. */
  record: boolean;
  /** Start the shared Chromium when `serve` starts, not with the first session (--prelaunch). */
  prelaunch: boolean;
  /** Network record and replay (--har-record, --har-replay, --har-not-found); the config file's `har` under it. */
  har: HarSettings;
  /** What the operator's --config file says: secrets and approval rules. */
  operator: Operator;
  bap: BapConfig;
  browser: BrowserConfig;
  /** The human test browser: its own Chromium, and how many contexts it holds at once. */
  testBrowser: { maxSessions: number };
}

export interface BapConfig {
  /** Larger WebSocket messages close the connection with 1009. */
  maxMessageBytes: number;
  /** How long a disconnected BAP session is kept for its client to reconnect. */
  dormantTtlMs: number;
}

export interface BrowserConfig {
  /** The account Chromium runs as when Porthole runs as root (a name or a uid). */
  user: string;
  /** Where --chromium came from, for `browser status`. */
  chromiumFrom: "flag" | "env" | null;
  /** The only variables of Porthole's environment that reach the browser (PATH also finds it). */
  inherited: Record<string, string>;
}

/** The variables of Porthole's environment that Chromium inherits; nothing else reaches it. */
export const BROWSER_ENV_ALLOW_LIST = [
  "PATH",
  "LANG",
  "LANGUAGE",
  "LC_ALL",
  "LC_CTYPE",
  "TZ",
  "FONTCONFIG_PATH",
  "FONTCONFIG_FILE",
];

export type EnvReader = (name: string) => string | undefined;

export type LogLevel = "debug" | "info" | "warn" | "error" | "off";
export const LOG_LEVELS: LogLevel[] = ["debug", "info", "warn", "error", "off"];

export const DEFAULT_LIMITS: Limits = {
  maxSessions: 8,
  maxPages: 8,
  maxQueuedOps: 32,
  snapshotMaxBytes: 48 * 1024,
};

/**
 * The defaults. The only thing taken from the environment here is what Chromium inherits
 * (`env`, the process's own by default), since a browser without PATH or a locale cannot start.
 */
export function defaultConfig(env: EnvReader = Deno.env.get): Config {
  const inherited: Record<string, string> = {};
  for (const key of BROWSER_ENV_ALLOW_LIST) {
    const value = env(key);
    if (value !== undefined) inherited[key] = value;
  }
  return {
    host: "127.0.0.1",
    port: 9222,
    token: null,
    allowNoToken: false,
    chromium: null,
    sessionIdleMs: 15 * 60_000,
    maxBodyBytes: 10 * 1024 * 1024,
    headerTimeoutMs: 10_000,
    allowedHosts: [],
    allowedRequestOrigins: [],
    limits: { ...DEFAULT_LIMITS },
    logLevel: "info",
    blockPrivateNetwork: false,
    mcp: {},
    operator: { secrets: {}, approvals: [] },
    allowCdpAttach: false,
    allowPopupOrigins: [],
    downloads: "blocked",
    journalKeepMs: 3_600_000,
    sessionBudgetBytes: null,
    record: false,
    prelaunch: false,
    har: {},
    bap: { maxMessageBytes: 10 * 1024 * 1024, dormantTtlMs: 300_000 },
    browser: { user: "nobody", chromiumFrom: null, inherited },
    testBrowser: { maxSessions: 4 },
  };
}

/** Hosts that are loopback: names and literal addresses. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}
