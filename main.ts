/** Porthole's command line: serve, mcp, doctor, browser install/status, --version, --help. */
import { type Config, parseBrowserArgs, parseMcpArgs, parseServeArgs, UsageError } from "./lib/config.ts";
import { discoverChromium } from "./lib/driver/discover.ts";
import { installChromium } from "./lib/driver/install.ts";
import { startServer } from "./lib/server.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "./lib/version.ts";
// Only the options: the MCP SDK loads with `porthole mcp`, or with the first client of /mcp.
import { MCP_HELP, selectTools } from "./lib/mcp/options.ts";
import { runDoctor } from "./lib/cli/doctor.ts";
import { runJournal } from "./lib/cli/journal_verify.ts";

const HELP = `porthole ${PORTHOLE_VERSION}: a browser for AI agents, as a sidecar

Usage:
  porthole serve [options]        Serve the HTTP API (BAP protocol ${PROTOCOL_VERSION})
  porthole mcp [options]          Serve MCP on stdin/stdout (same core, no port)
  porthole browser install        Install Chromium and fonts (Debian/Ubuntu: apt, no recommends)
        [--dry-run]               Only say which packages it would install
  porthole browser status         Say which browser Porthole would use
  porthole doctor [options]       Check what serving needs (takes serve's options; --json)
  porthole journal verify FILE    Check an exported journal's hash chain (JSON or JSONL) offline
  porthole --version | --help

Options of serve (each also an environment variable):
  --host H              PORTHOLE_HOST            listen address (default 127.0.0.1)
  --port P              PORTHOLE_PORT            listen port (default 9222; 0 picks a free one)
  --token T             PORTHOLE_TOKEN           require this token on every route but /health
  --allow-no-token      PORTHOLE_ALLOW_NO_TOKEN  allow a non-loopback address without a token
  --chromium PATH       PORTHOLE_CHROMIUM        browser executable (default: found on PATH)
  --browser-user U      PORTHOLE_BROWSER_USER    account Chromium runs as when Porthole is root (nobody)
  --session-idle D      PORTHOLE_SESSION_IDLE    close sessions idle this long (default 15m)
  --max-body N          PORTHOLE_MAX_BODY        largest request body (default 10m = 10 MiB)
  --header-timeout-ms N PORTHOLE_HEADER_TIMEOUT_MS a request head's deadline (default 10000; 0 = off)
  --max-sessions N      PORTHOLE_MAX_SESSIONS    browser contexts at once (default 8)
  --test-browser-sessions N
                        PORTHOLE_TEST_BROWSER_SESSIONS  test-browser contexts at once (default 4)
  --bap-max-message N   BAP_MAX_MESSAGE_SIZE     largest BAP WebSocket message (default 10m = 10 MiB)
  --bap-dormant-ttl D   BAP_DORMANT_SESSION_TTL  keep a disconnected BAP session this long (default 300s)
  --allowed-host H      PORTHOLE_ALLOWED_HOSTS   extra Host names to accept (repeat, or comma list)
  --config FILE         PORTHOLE_CONFIG          operator file: named secrets and approval rules (JSON)
  --allow-cdp-attach    PORTHOLE_ALLOW_CDP_ATTACH BAP browser/launch may attach to a browser at cdpUrl
                                                 (that browser is outside Porthole's sandbox and network guard)
  --allow-popup-origin O PORTHOLE_ALLOW_POPUP_ORIGINS a popup to origin O is adopted as a page of its own
                                                 (repeat; also "popupOrigins" in the --config file)
  --downloads D         PORTHOLE_DOWNLOADS       blocked (default), or artifacts: a download goes to the
                                                 session's artifact store, never to the filesystem
  --journal-keep D      PORTHOLE_JOURNAL_KEEP    keep a closed session's journal readable this long (default 1h)
  --session-budget N    PORTHOLE_SESSION_BUDGET  observation bytes per session: the tier steps down at 1/2
                                                 and 3/4, then observe and act are refused (default: none)
  --block-private-network
                        PORTHOLE_BLOCK_PRIVATE_NETWORK  pages may not reach loopback or private addresses
  --log-level L         PORTHOLE_LOG_LEVEL       JSON logs on stderr: debug, info, warn, error, off (info)
  --allowed-origin O    PORTHOLE_ALLOWED_ORIGINS browser Origins allowed to call the API (repeat)

${MCP_HELP}
`;

/** Kept where the CLI tests import it from. */
export { parseServeArgs };

function wrap<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw err instanceof UsageError ? err : new UsageError((err as Error).message);
  }
}

/** `porthole mcp`'s and `serve`'s MCP options, checked against the tools that exist. */
function mcpAndRest(args: string[]): { mcp: Config["mcp"]; rest: string[] } {
  const { mcp, rest } = parseMcpArgs(args);
  wrap(() => selectTools(mcp.tools));
  return { mcp, rest };
}

async function serve(args: string[]): Promise<number> {
  // --mcp-name and --tools set what /mcp offers by default; a connection's query can narrow it.
  const { mcp, rest } = mcpAndRest(args);
  const config = parseServeArgs(rest);
  config.mcp = mcp;
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
  if (cmd === "doctor") return await runDoctor(rest);
  if (cmd === "journal") return await runJournal(rest);
  if (cmd === "mcp") {
    const { mcp, rest: shared } = mcpAndRest(rest);
    const { serveStdio } = await import("./lib/mcp/stdio.ts");
    await serveStdio(parseServeArgs(shared), mcp);
    return 0;
  }
  if (cmd === "browser") {
    const dryRun = rest[0] === "install" && rest.includes("--dry-run");
    const config = parseBrowserArgs(rest.slice(1).filter((a) => !dryRun || a !== "--dry-run"));
    const explicit = config.chromium;
    if (rest[0] === "install") return await installChromium(config, dryRun);
    if (rest[0] === "status") {
      const found = discoverChromium(config);
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
