/** Composition: config → registry → HTTP app → Deno.serve, behind the bounded front. */
import type { Config } from "./config.ts";
import { SessionRegistry } from "./session/registry.ts";
import { log, setLogLevel } from "./log.ts";
import { UiLogin } from "../routes/ui_login.ts";
import { SHED_ERROR } from "../routes/events.ts";
import { FRONT_LIMITS, HttpFront } from "./net/front.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "./version.ts";

const HEALTH_BODY = JSON.stringify({ status: "ok", version: PROTOCOL_VERSION, porthole: PORTHOLE_VERSION });

/** `GET /health` (a probe's only request): answered here, so probing a sidecar no client uses loads no app. */
function isHealth(req: Request): boolean {
  if (req.method !== "GET") return false;
  const at = req.url.indexOf("/", req.url.indexOf("//") + 2);
  return at >= 0 && req.url.slice(at) === "/health";
}

function health(registry: SessionRegistry): Response {
  registry.metrics.requests.inc({ route: "/health", status: "200" });
  log("debug", "request", { method: "GET", route: "/health", status: 200, ms: 0 });
  return new Response(HEALTH_BODY, { headers: { "content-type": "application/json" } });
}

export interface RunningServer {
  url: string;
  port: number;
  registry: SessionRegistry;
  /** A one-time link that logs a browser in to the web UI; null when no token is set (the UI is open). */
  uiLoginLink: string | null;
  /** The bounded front, when a header deadline is set (null: the HTTP server listens itself). */
  front: HttpFront | null;
  /** Drain briefly, close every session and Chromium, stop listening. */
  close(): Promise<void>;
}

export async function startServer(config: Config): Promise<RunningServer> {
  setLogLevel(config.logLevel);
  const registry = new SessionRegistry(config);
  let origin = "";
  const uiLogin = new UiLogin();
  // The HTTP app (hono, the routes and the door's checks) is built by the first request: a sidecar
  // no client has reached yet carries none of it. A failed build is tried again by the next.
  let app: Promise<Deno.ServeHandler> | null = null;
  const loadApp = () =>
    app ??= import("../routes/http.ts").then(async ({ createApp, loadOperations }) => {
      const hono = createApp(registry, () => origin, uiLogin);
      // --prelaunch: the operations and the session engine load with the app, beside Chromium.
      if (config.prelaunch) await loadOperations().catch(() => {});
      return (req: Request, info: Deno.ServeHandlerInfo) => hono.fetch(req, info);
    }, (err) => {
      app = null;
      throw err;
    });
  // --prelaunch: Chromium starts while the server comes up, and the app, the operations and the
  // session engine load beside it; the ready line waits for all, so "listening" means the first
  // session finds them (or, if the browser failed, that it was logged).
  const prelaunched = config.prelaunch
    ? Promise.all([registry.prelaunch(), registry.ready().catch(() => {}), loadApp().catch(() => {})])
    : null;
  const listening = Promise.withResolvers<void>();
  // With a header deadline, the bounded front owns the public port and the server listens on a
  // private unix socket; without one, the server listens itself (the front's cost, measured).
  const socketDir = config.headerTimeoutMs > 0 ? await Deno.makeTempDir({ prefix: "porthole-http-" }) : null;
  if (socketDir) await Deno.chmod(socketDir, 0o700);
  let direct: Deno.NetAddr | null = null;
  const where = socketDir ? { path: `${socketDir}/http.sock` } : { hostname: config.host, port: config.port };
  const server = Deno.serve({
    ...where,
    onListen: (addr) => {
      if (!socketDir) direct = addr as Deno.NetAddr;
      listening.resolve();
    },
    onError: (err) => {
      // A shed SSE reader was already counted and logged where it was shed.
      if ((err as Error)?.name !== SHED_ERROR) console.error("porthole: request failed:", err);
      return new Response(
        JSON.stringify({ error: { code: "internal", message: "Internal error", retryable: false } }),
        {
          status: 500,
          headers: { "content-type": "application/json" },
        },
      );
    },
  }, (req, info) => isHealth(req) ? health(registry) : loadApp().then((serve) => serve(req, info)));
  await listening.promise;
  let front: HttpFront | null = null;
  if (socketDir) {
    const listener = Deno.listen({ hostname: config.host, port: config.port });
    front = new HttpFront(listener, `${socketDir}/http.sock`, {
      ...FRONT_LIMITS,
      headerTimeoutMs: config.headerTimeoutMs,
    });
  }
  if (prelaunched) await prelaunched;
  const addr = front ? front.addr : direct!;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  const url = `http://${host}:${addr.port}`;
  origin = url;
  registry.addSelfPort(addr.port);
  let closing: Promise<void> | null = null;
  const uiLoginLink = config.token ? uiLogin.link(url) : null;
  // The one place a person learns it: stderr holds JSON lines only, so it is one of them.
  if (uiLoginLink) log("info", "web UI login link (one use)", { link: uiLoginLink });
  return {
    url,
    port: addr.port,
    registry,
    uiLoginLink,
    front,
    close: () =>
      closing ??= (async () => {
        await registry.shutdown();
        front?.close();
        await Promise.race([server.shutdown(), new Promise((r) => setTimeout(r, 2000))]);
        if (socketDir) await Deno.remove(socketDir, { recursive: true }).catch(() => {});
      })(),
  };
}
