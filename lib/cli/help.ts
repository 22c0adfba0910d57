/**
 * `porthole --help`: the commands and every option of `serve` with its environment variable (the
 * README's flag table says the same). The MCP door brings its own options' lines.
 */
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "../version.ts";

/** The whole help text, with `mcpOptions` (the MCP door's lines) at its end. */
export function helpText(mcpOptions: string): string {
  return `porthole ${PORTHOLE_VERSION}: a browser for AI agents, as a sidecar

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
  --prelaunch           PORTHOLE_PRELAUNCH       start Chromium with serve, so the first session does not wait
                                                 for it (a failed start is logged; it then starts on first use)
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
  --record              PORTHOLE_RECORD          record every session's frames and timeline (GET …/recording)
  --har-record DIR      PORTHOLE_HAR_RECORD      write one HAR per session into DIR when it closes
  --har-replay FILE     PORTHOLE_HAR_REPLAY      answer every request from the HAR FILE; no network at all
  --har-not-found M     PORTHOLE_HAR_NOT_FOUND   abort (default) or fallthrough-denied: a request the HAR lacks
  --downloads D         PORTHOLE_DOWNLOADS       blocked (default), or artifacts: a download goes to the
                                                 session's artifact store, never to the filesystem
  --journal-keep D      PORTHOLE_JOURNAL_KEEP    keep a closed session's journal readable this long (default 1h)
  --session-budget N    PORTHOLE_SESSION_BUDGET  observation bytes per session: the tier steps down at 1/2
                                                 and 3/4, then observe and act are refused (default: none)
  --block-private-network
                        PORTHOLE_BLOCK_PRIVATE_NETWORK  pages may not reach loopback or private addresses
  --log-level L         PORTHOLE_LOG_LEVEL       JSON logs on stderr: debug, info, warn, error, off (info)
  --allowed-origin O    PORTHOLE_ALLOWED_ORIGINS browser Origins allowed to call the API (repeat)

${mcpOptions}
`;
}
