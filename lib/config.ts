/**
 * Configuration, and the one place that reads it: a flag wins over its environment variable,
 * which wins over the default. Everything else receives these values.
 */
import { loadConfigFile, type Operator } from "./config_file.ts";

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
    bap: { maxMessageBytes: 10 * 1024 * 1024, dormantTtlMs: 300_000 },
    browser: { user: "nobody", chromiumFrom: null, inherited },
    testBrowser: { maxSessions: 4 },
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

/** A bad flag or variable: the command line says so and exits with 2. */
export class UsageError extends Error {}

interface Flag {
  env: string;
  apply: (c: Config, v: string) => void;
  bool?: boolean;
}

const on = (v: string) => v !== "0" && v !== "false";

function wrap<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function list(v: string): string[] {
  return v.split(",").map((s) => s.trim()).filter(Boolean);
}

/** Every option of `serve` (and of `mcp`, which shares them), with its environment variable. */
/** A flag whose value must be one of `allowed`. */
function oneOf<T extends string>(flag: string, allowed: readonly T[], v: string): T {
  if (!allowed.includes(v as T)) {
    throw new UsageError(`--${flag} must be one of ${allowed.join(", ")}, got "${v.slice(0, 40)}"`);
  }
  return v as T;
}

const FLAGS: Record<string, Flag> = {
  host: { env: "PORTHOLE_HOST", apply: (c, v) => (c.host = v) },
  port: {
    env: "PORTHOLE_PORT",
    apply: (c, v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535) {
        throw new UsageError(`--port must be 0..65535, got "${v}"`);
      }
      c.port = n;
    },
  },
  token: { env: "PORTHOLE_TOKEN", apply: (c, v) => (c.token = v || null) },
  "allow-no-token": { env: "PORTHOLE_ALLOW_NO_TOKEN", apply: (c, v) => (c.allowNoToken = on(v)), bool: true },
  chromium: { env: "PORTHOLE_CHROMIUM", apply: (c, v) => (c.chromium = v || null) },
  "browser-user": { env: "PORTHOLE_BROWSER_USER", apply: (c, v) => (c.browser.user = v || "nobody") },
  "session-idle": {
    env: "PORTHOLE_SESSION_IDLE",
    apply: (c, v) => {
      c.sessionIdleMs = wrap(() => parseDuration(v));
      if (c.sessionIdleMs < 1000) throw new UsageError(`--session-idle must be at least 1s, got "${v}"`);
    },
  },
  "header-timeout-ms": {
    env: "PORTHOLE_HEADER_TIMEOUT_MS",
    apply: (c, v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 600_000) {
        throw new UsageError(`--header-timeout-ms must be 0..600000 (0 turns it off), got "${v}"`);
      }
      c.headerTimeoutMs = n;
    },
  },
  "max-body": { env: "PORTHOLE_MAX_BODY", apply: (c, v) => (c.maxBodyBytes = wrap(() => parseSize(v))) },
  "max-sessions": {
    env: "PORTHOLE_MAX_SESSIONS",
    apply: (c, v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 64) {
        throw new UsageError(`--max-sessions must be 1..64, got "${v}"`);
      }
      c.limits.maxSessions = n;
    },
  },
  "test-browser-sessions": {
    env: "PORTHOLE_TEST_BROWSER_SESSIONS",
    apply: (c, v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 64) {
        throw new UsageError(`--test-browser-sessions must be 1..64, got "${v}"`);
      }
      c.testBrowser.maxSessions = n;
    },
  },
  "bap-max-message": {
    env: "BAP_MAX_MESSAGE_SIZE",
    apply: (c, v) => {
      c.bap.maxMessageBytes = wrap(() => parseSize(v));
      if (c.bap.maxMessageBytes < 256) {
        throw new UsageError(`--bap-max-message must be at least 256, got "${v}"`);
      }
    },
  },
  "bap-dormant-ttl": {
    env: "BAP_DORMANT_SESSION_TTL",
    apply: (c, v) => {
      c.bap.dormantTtlMs = wrap(() => parseDuration(v));
      if (c.bap.dormantTtlMs < 1000) {
        throw new UsageError(`--bap-dormant-ttl must be at least 1s, got "${v}"`);
      }
    },
  },
  "allowed-host": { env: "PORTHOLE_ALLOWED_HOSTS", apply: (c, v) => c.allowedHosts.push(...list(v)) },
  config: { env: "PORTHOLE_CONFIG", apply: (c, v) => (c.operator = wrap(() => loadConfigFile(v))) },
  "allow-cdp-attach": {
    env: "PORTHOLE_ALLOW_CDP_ATTACH",
    apply: (c, v) => (c.allowCdpAttach = on(v)),
    bool: true,
  },
  "allow-popup-origin": {
    env: "PORTHOLE_ALLOW_POPUP_ORIGINS",
    apply: (c, v) => {
      for (const origin of list(v)) {
        if (!/^https?:\/\/(\*\.)?[^/?#@\s]+$/.test(origin)) {
          throw new UsageError(
            `--allow-popup-origin must be an origin like https://id.example.com, got "${origin}"`,
          );
        }
        c.allowPopupOrigins.push(origin);
      }
    },
  },
  downloads: {
    env: "PORTHOLE_DOWNLOADS",
    apply: (c, v) => (c.downloads = oneOf("downloads", ["blocked", "artifacts"] as const, v)),
  },
  "journal-keep": {
    env: "PORTHOLE_JOURNAL_KEEP",
    apply: (c, v) => (c.journalKeepMs = wrap(() => parseDuration(v))),
  },
  "session-budget": {
    env: "PORTHOLE_SESSION_BUDGET",
    apply: (c, v) => {
      const n = wrap(() => parseSize(v));
      c.sessionBudgetBytes = n > 0 ? n : null;
    },
  },
  "block-private-network": {
    env: "PORTHOLE_BLOCK_PRIVATE_NETWORK",
    apply: (c, v) => (c.blockPrivateNetwork = on(v)),
    bool: true,
  },
  "log-level": {
    env: "PORTHOLE_LOG_LEVEL",
    apply: (c, v) => (c.logLevel = oneOf("log-level", LOG_LEVELS, v)),
  },
  "allowed-origin": {
    env: "PORTHOLE_ALLOWED_ORIGINS",
    apply: (c, v) => c.allowedRequestOrigins.push(...list(v)),
  },
};

/** Every flag of `serve` with its environment variable (the help and the README list them all). */
export const SERVE_FLAGS: { flag: string; env: string }[] = Object.entries(FLAGS).map(([flag, f]) => ({
  flag: `--${flag}`,
  env: f.env,
}));

/** The options of `serve`: defaults, then the environment, then the flags. */
export function parseServeArgs(args: string[], env: EnvReader = Deno.env.get): Config {
  const config = defaultConfig(env);
  for (const flag of Object.values(FLAGS)) {
    const value = env(flag.env);
    if (value !== undefined && value !== "") flag.apply(config, value);
  }
  if (config.chromium) config.browser.chromiumFrom = "env";
  const fromFlags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const m = args[i].match(/^--([a-z-]+)(?:=(.*))?$/);
    if (!m || !FLAGS[m[1]]) throw new UsageError(`Unknown option "${args[i]}" (see porthole --help)`);
    const flag = FLAGS[m[1]];
    let value = m[2];
    if (value === undefined) {
      if (flag.bool) value = "true";
      else if (i + 1 < args.length) value = args[++i];
      else throw new UsageError(`--${m[1]} needs a value`);
    }
    // A flag replaces its environment variable's list rather than adding to it.
    if (!fromFlags.has(m[1]) && (m[1] === "allowed-host" || m[1] === "allowed-origin")) {
      if (m[1] === "allowed-host") config.allowedHosts = [];
      else config.allowedRequestOrigins = [];
    }
    fromFlags.add(m[1]);
    flag.apply(config, value);
    if (m[1] === "chromium") config.browser.chromiumFrom = config.chromium ? "flag" : null;
  }
  if (!isLoopbackHost(config.host) && !config.token && !config.allowNoToken) {
    throw new UsageError(
      `Refusing to listen on ${config.host} without a token: pass --token (or PORTHOLE_TOKEN), or --allow-no-token`,
    );
  }
  return config;
}

/** `porthole mcp`'s own options (name and tools), and the rest: the serve options it shares. */
export function parseMcpArgs(
  args: string[],
  env: EnvReader = Deno.env.get,
): { mcp: Config["mcp"]; rest: string[] } {
  const mcp: Config["mcp"] = {};
  if (env("PORTHOLE_MCP_NAME")) mcp.name = env("PORTHOLE_MCP_NAME");
  if (env("PORTHOLE_MCP_TOOLS")) mcp.tools = list(env("PORTHOLE_MCP_TOOLS")!);
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const m = args[i].match(/^--(mcp-name|tools)(?:=(.*))?$/);
    if (!m) {
      rest.push(args[i]);
      continue;
    }
    const value = m[2] ?? args[++i];
    if (!value) throw new UsageError(`--${m[1]} needs a value`);
    if (m[1] === "mcp-name") mcp.name = value;
    else mcp.tools = list(value);
  }
  return { mcp, rest };
}

/** `browser install|status` take one option, `--chromium PATH`, over PORTHOLE_CHROMIUM. */
export function parseBrowserArgs(args: string[], env: EnvReader = Deno.env.get): Config {
  const config = defaultConfig(env);
  config.chromium = env("PORTHOLE_CHROMIUM") || null;
  config.browser.chromiumFrom = config.chromium ? "env" : null;
  for (let i = 0; i < args.length; i++) {
    const m = args[i].match(/^--chromium(?:=(.*))?$/);
    if (!m) throw new UsageError(`Unknown option "${args[i]}" (browser commands take --chromium PATH)`);
    const value = m[1] ?? args[++i];
    if (!value) throw new UsageError("--chromium needs a value");
    config.chromium = value;
    config.browser.chromiumFrom = "flag";
  }
  return config;
}
