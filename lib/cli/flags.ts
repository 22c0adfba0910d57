/**
 * Every option of `serve` (and of `mcp` and `doctor`, which share them): its flag, its environment
 * variable, and how its value sets the config. The parser reads this table; the help and the
 * README list every row.
 */
import { type Config, LOG_LEVELS } from "../config.ts";
import { list, on, oneOf, parseDuration, parseSize, usage, UsageError } from "./values.ts";

export interface Flag {
  env: string;
  /** Sets the value (what it returns is awaited: a flag naming a file loads its reader here). */
  apply: (c: Config, v: string) => unknown;
  /** A switch: given alone, it means `true`. */
  bool?: boolean;
}

/**
 * The operator's files (`--config`, `--har-record`, `--har-replay`) are read by config_file.ts, and
 * it, with valibot, loads only when one of them is given: a sidecar started without them keeps none.
 */
const files = () => import("../config_file.ts");

/** The flags by name (without `--`). */
export const FLAGS: Record<string, Flag> = {
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
      c.sessionIdleMs = usage(() => parseDuration(v));
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
  "max-body": { env: "PORTHOLE_MAX_BODY", apply: (c, v) => (c.maxBodyBytes = usage(() => parseSize(v))) },
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
      c.bap.maxMessageBytes = usage(() => parseSize(v));
      if (c.bap.maxMessageBytes < 256) {
        throw new UsageError(`--bap-max-message must be at least 256, got "${v}"`);
      }
    },
  },
  "bap-dormant-ttl": {
    env: "BAP_DORMANT_SESSION_TTL",
    apply: (c, v) => {
      c.bap.dormantTtlMs = usage(() => parseDuration(v));
      if (c.bap.dormantTtlMs < 1000) {
        throw new UsageError(`--bap-dormant-ttl must be at least 1s, got "${v}"`);
      }
    },
  },
  "allowed-host": { env: "PORTHOLE_ALLOWED_HOSTS", apply: (c, v) => c.allowedHosts.push(...list(v)) },
  config: {
    env: "PORTHOLE_CONFIG",
    apply: async (c, v) => {
      const { loadConfigFile } = await files();
      c.operator = usage(() => loadConfigFile(v));
    },
  },
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
    apply: (c, v) => (c.journalKeepMs = usage(() => parseDuration(v))),
  },
  "session-budget": {
    env: "PORTHOLE_SESSION_BUDGET",
    apply: (c, v) => {
      const n = usage(() => parseSize(v));
      c.sessionBudgetBytes = n > 0 ? n : null;
    },
  },
  record: { env: "PORTHOLE_RECORD", apply: (c, v) => (c.record = on(v)), bool: true },
  prelaunch: { env: "PORTHOLE_PRELAUNCH", apply: (c, v) => (c.prelaunch = on(v)), bool: true },
  "har-record": {
    env: "PORTHOLE_HAR_RECORD",
    apply: async (c, v) => {
      const { harRecordDir } = await files();
      c.har.recordDir = usage(() => harRecordDir(v));
    },
  },
  "har-replay": {
    env: "PORTHOLE_HAR_REPLAY",
    apply: async (c, v) => {
      const { loadHarFile } = await files();
      c.har.replay = usage(() => loadHarFile(v));
    },
  },
  "har-not-found": {
    env: "PORTHOLE_HAR_NOT_FOUND",
    apply: (c, v) => (c.har.notFound = oneOf("har-not-found", ["abort", "fallthrough-denied"] as const, v)),
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
