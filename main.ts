/** Porthole's command line: serve, browser install/status, --version, --help. */
import {
  type Config,
  defaultConfig,
  isLoopbackHost,
  LOG_LEVELS,
  type LogLevel,
  parseDuration,
  parseSize,
} from "./lib/config.ts";
import { discoverChromium, installChromium } from "./lib/driver/discover.ts";
import { startServer } from "./lib/server.ts";
import { loadConfigFile } from "./lib/config_file.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "./lib/version.ts";
import { MCP_HELP, serveStdio, splitMcpArgs } from "./lib/mcp/stdio.ts";

const HELP = `porthole ${PORTHOLE_VERSION}: a browser for AI agents, as a sidecar

Usage:
  porthole serve [options]        Serve the HTTP API (BAP protocol ${PROTOCOL_VERSION})
  porthole mcp [options]          Serve MCP on stdin/stdout (same core, no port)
  porthole browser install        Install Chromium (Debian/Ubuntu: apt chromium-headless-shell)
  porthole browser status         Say which browser Porthole would use
  porthole --version | --help

Options of serve (each also an environment variable):
  --host H              PORTHOLE_HOST            listen address (default 127.0.0.1)
  --port P              PORTHOLE_PORT            listen port (default 9222; 0 picks a free one)
  --token T             PORTHOLE_TOKEN           require this token on every route but /health
  --allow-no-token      PORTHOLE_ALLOW_NO_TOKEN  allow a non-loopback address without a token
  --chromium PATH       PORTHOLE_CHROMIUM        browser executable (default: found on PATH)
  --session-idle D      PORTHOLE_SESSION_IDLE    close sessions idle this long (default 15m)
  --max-body N          PORTHOLE_MAX_BODY        largest request body (default 10m = 10 MiB)
  --max-sessions N      PORTHOLE_MAX_SESSIONS    browser contexts at once (default 8)
  --allowed-host H      PORTHOLE_ALLOWED_HOSTS   extra Host names to accept (repeat, or comma list)
  --config FILE         PORTHOLE_CONFIG          operator file: named secrets and approval rules (JSON)
  --allow-cdp-attach    PORTHOLE_ALLOW_CDP_ATTACH BAP browser/launch may attach to a browser at cdpUrl
                                                 (that browser is outside Porthole's sandbox and network guard)
  --block-private-network
                        PORTHOLE_BLOCK_PRIVATE_NETWORK  pages may not reach loopback or private addresses
  --log-level L         PORTHOLE_LOG_LEVEL       JSON logs on stderr: debug, info, warn, error, off (info)
  --allowed-origin O    PORTHOLE_ALLOWED_ORIGINS browser Origins allowed to call the API (repeat)

${MCP_HELP}
`;

class UsageError extends Error {}

const FLAGS: Record<string, { env: string; apply: (c: Config, v: string) => void; bool?: boolean }> = {
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
  "allow-no-token": {
    env: "PORTHOLE_ALLOW_NO_TOKEN",
    apply: (c, v) => (c.allowNoToken = v !== "0" && v !== "false"),
    bool: true,
  },
  chromium: { env: "PORTHOLE_CHROMIUM", apply: (c, v) => (c.chromium = v || null) },
  "session-idle": {
    env: "PORTHOLE_SESSION_IDLE",
    apply: (c, v) => {
      c.sessionIdleMs = wrap(() => parseDuration(v));
      if (c.sessionIdleMs < 1000) throw new UsageError(`--session-idle must be at least 1s, got "${v}"`);
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
  "allowed-host": { env: "PORTHOLE_ALLOWED_HOSTS", apply: (c, v) => c.allowedHosts.push(...list(v)) },
  config: {
    env: "PORTHOLE_CONFIG",
    apply: (c, v) => (c.operator = wrap(() => loadConfigFile(v))),
  },
  "allow-cdp-attach": {
    env: "PORTHOLE_ALLOW_CDP_ATTACH",
    apply: (c, v) => (c.allowCdpAttach = v !== "0" && v !== "false"),
    bool: true,
  },
  "block-private-network": {
    env: "PORTHOLE_BLOCK_PRIVATE_NETWORK",
    apply: (c, v) => (c.blockPrivateNetwork = v !== "0" && v !== "false"),
    bool: true,
  },
  "log-level": {
    env: "PORTHOLE_LOG_LEVEL",
    apply: (c, v) => {
      if (!LOG_LEVELS.includes(v as LogLevel)) {
        throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(", ")}`);
      }
      c.logLevel = v as LogLevel;
    },
  },
  "allowed-origin": {
    env: "PORTHOLE_ALLOWED_ORIGINS",
    apply: (c, v) => c.allowedRequestOrigins.push(...list(v)),
  },
};

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

export function parseServeArgs(
  args: string[],
  env: (k: string) => string | undefined = Deno.env.get,
): Config {
  const config = defaultConfig();
  for (const flag of Object.values(FLAGS)) {
    const value = env(flag.env);
    if (value !== undefined && value !== "") flag.apply(config, value);
  }
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
  }
  if (!isLoopbackHost(config.host) && !config.token && !config.allowNoToken) {
    throw new UsageError(
      `Refusing to listen on ${config.host} without a token: pass --token (or PORTHOLE_TOKEN), or --allow-no-token`,
    );
  }
  return config;
}

async function serve(args: string[]): Promise<number> {
  // --mcp-name and --tools set what /mcp offers by default; a connection's query can narrow it.
  const { options, rest } = wrap(() => splitMcpArgs(args));
  const config = parseServeArgs(rest);
  config.mcp = options;
  const server = await startServer(config);
  console.log(`porthole listening on ${server.url}`);
  const done = Promise.withResolvers<void>();
  const stop = () => done.resolve();
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  await done.promise;
  await server.close();
  return 0;
}

/** `browser install|status` take one option, `--chromium PATH`; the environment is the default. */
function browserFlags(args: string[]): string | null {
  let explicit = Deno.env.get("PORTHOLE_CHROMIUM") || null;
  for (let i = 0; i < args.length; i++) {
    const m = args[i].match(/^--chromium(?:=(.*))?$/);
    if (!m) throw new UsageError(`Unknown option "${args[i]}" (browser commands take --chromium PATH)`);
    const value = m[1] ?? args[++i];
    if (!value) throw new UsageError("--chromium needs a value");
    explicit = value;
  }
  return explicit;
}

async function main(args: string[]): Promise<number> {
  const [cmd, ...rest] = args;
  if (cmd === undefined) {
    console.error(HELP.trimEnd());
    return 2;
  }
  if (cmd === "--help" || cmd === "-h" || cmd === "help") {
    console.log(HELP.trimEnd());
    return 0;
  }
  if (cmd === "--version" || cmd === "-V" || cmd === "version") {
    console.log(`porthole ${PORTHOLE_VERSION} (BAP ${PROTOCOL_VERSION})`);
    return 0;
  }
  if (cmd === "serve") return await serve(rest);
  if (cmd === "mcp") {
    const { options, rest: shared } = wrap(() => splitMcpArgs(rest));
    await serveStdio(parseServeArgs(shared), options);
    return 0;
  }
  if (cmd === "browser") {
    const explicit = browserFlags(rest.slice(1));
    if (rest[0] === "install") return await installChromium(explicit);
    if (rest[0] === "status") {
      const found = discoverChromium(explicit);
      if (found.path) {
        console.log(`browser: ${found.path} (from ${found.source})`);
        return 0;
      }
      if (explicit) console.log(`browser: ${explicit} is not an executable file`);
      else console.log("browser: not installed; run `porthole browser install` or pass --chromium PATH");
      return 1;
    }
    throw new UsageError(`Unknown browser command "${rest[0] ?? ""}" (install, status)`);
  }
  if (cmd.startsWith("-")) throw new UsageError(`Unknown option "${cmd}" (see porthole --help)`);
  throw new UsageError(`Unknown command "${cmd}" (see porthole --help)`);
}

if (import.meta.main) {
  try {
    Deno.exit(await main(Deno.args));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`porthole: ${err.message}`);
      Deno.exit(2);
    }
    throw err;
  }
}
