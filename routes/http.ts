/** The HTTP API: every operation of lib/ops as a route, behind the door's checks. */
import { Hono } from "hono";
import { etag } from "hono/etag";
import type { Context } from "hono";
import { PortholeError, toPortholeError } from "../lib/protocol/errors.ts";
import { TEST_BROWSER_BASE } from "../lib/ops/test_browser_ops.ts";
import type { OpDef } from "../lib/ops/define.ts";
import type { SessionRegistry } from "../lib/session/registry.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "../lib/version.ts";
import { bodyLimit, errorResponse, fail, guard } from "./middleware.ts";
import { sseResponse } from "./events.ts";
import { uiAuth, uiRoutes } from "./ui.ts";
import { UiLogin } from "./ui_login.ts";
import { OP_ROUTES } from "./op_routes.gen.ts";
import { minimalAnswer, prefersMinimal } from "../lib/protocol/minimal.ts";
import { log } from "../lib/log.ts";

type Handler = (c: Context) => Response | Promise<Response>;

/** `load()` once, on first use; a failed load is tried again on the next. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () =>
    value ??= load().catch((err) => {
      value = null;
      throw err;
    });
}

/**
 * A handler built on its first request: the doors a sidecar may never be asked for (MCP and its
 * SDK, BAP, the OpenAPI document, the screencast) cost no memory or start time until a client uses them.
 */
function lazy(load: () => Promise<Handler>): Handler {
  const handler = once(load);
  return async (c) => await (await handler())(c);
}

/**
 * The operations and their input parsing (with them, the session engine), loaded with the first
 * request to an operation, or ahead of it (`serve --prelaunch`): the routes themselves are
 * registered at start from `OP_ROUTES`.
 */
export const loadOperations = once(async () => {
  // Input parsing, and valibot with it, first: the operations' graph imports valibot from dozens of
  // modules, and loads in half the time (about 55 ms instead of 120) when it finds valibot loaded.
  const { parseInput } = await import("../lib/protocol/validate.ts");
  const [{ OPS }, { admitPerson, TAKEOVER_HEADER }] = await Promise.all([
    import("../lib/ops/ops.ts"),
    import("../lib/ops/takeover_ops.ts"),
  ]);
  const byName = new Map<string, OpDef>(OPS.map((op) => [op.name, op as OpDef]));
  return { byName, admitPerson, TAKEOVER_HEADER, parseInput };
});

/** A GET's input is its query: each value as JSON where it is JSON (`true`, `3`), else the string. */
function queryInput(c: Context): Record<string, unknown> {
  const { token: _, ...query } = c.req.query();
  return Object.fromEntries(
    Object.entries(query).map(([k, s]) => {
      try {
        return [k, JSON.parse(s)];
      } catch {
        return [k, s];
      }
    }),
  );
}

async function readJson(c: Context, maxBytes: number): Promise<unknown> {
  const body = c.req.raw.body;
  if (!body) return undefined;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new PortholeError("body_too_large", `The body is over the limit of ${maxBytes} bytes`, {
        details: { maxBytes },
      });
    }
    chunks.push(value);
  }
  const text = new TextDecoder().decode(chunks.length === 1 ? chunks[0] : concat(chunks, size));
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new PortholeError("invalid_params", `The body is not valid JSON: ${(err as Error).message}`, {
      details: { field: "(body)" },
    });
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export function createApp(
  registry: SessionRegistry,
  selfOrigin: () => string,
  uiLogin: UiLogin = new UiLogin(),
): Hono {
  const config = registry.config;
  const app = new Hono();

  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const route = c.req.routePath;
    registry.metrics.requests.inc({ route, status: String(c.res.status) });
    const fields: Record<string, unknown> = { method: c.req.method, route, status: c.res.status, ms };
    const sid = c.req.param("sessionId");
    if (sid) fields.sessionId = sid;
    const code = c.res.status >= 400 ? c.res.headers.get("x-porthole-error") : null;
    if (code) fields.error = code;
    log(c.res.status >= 500 ? "warn" : route === "/health" ? "debug" : "info", "request", fields);
  });
  app.get("/health", (c) => c.json({ status: "ok", version: PROTOCOL_VERSION, porthole: PORTHOLE_VERSION }));
  // BAP's WebSocket: its own Host/Origin checks, and a bad token closes the socket with 1008.
  app.get(
    "/",
    lazy(async () => {
      await registry.ready();
      return (await import("./bap.ts")).bapHandler(registry, selfOrigin);
    }),
  );
  app.use("*", guard(config, selfOrigin, uiAuth(uiLogin)));
  app.use("*", bodyLimit(config.maxBodyBytes));
  app.route("/", uiRoutes(config, uiLogin));
  app.get("/openapi.json", async (c) => c.json((await import("./openapi.ts")).openApiDocument()));
  app.all(
    "/mcp",
    lazy(async () => {
      await registry.ready();
      return (await import("./mcp.ts")).mcpHandler(registry);
    }),
  );
  app.get(
    "/metrics",
    (c) => c.text(registry.metrics.render(), 200, { "content-type": "text/plain; version=0.0.4" }),
  );
  app.get("/v1/events", (c) => sseResponse(c, registry.events, registry.metrics));
  app.get("/v1/sessions/:sessionId/events", (c) => {
    const session = registry.get(c.req.param("sessionId"));
    return sseResponse(c, session.events, registry.metrics);
  });
  app.get(`${TEST_BROWSER_BASE}/:sessionId/events`, (c) => {
    const session = registry.testBrowser.get(c.req.param("sessionId"));
    return sseResponse(c, session.events, registry.metrics);
  });

  app.get(
    "/v1/sessions/:sessionId/pages/:pageId/screencast",
    lazy(async () => (await import("./screencast.ts")).screencastHandler(registry)),
  );
  // Artifacts are content-addressed: a client that has the bytes gets 304.
  app.use("/v1/sessions/:sessionId/artifacts/:artifactId", etag());
  app.use(`${TEST_BROWSER_BASE}/:sessionId/artifacts/:artifactId`, etag());
  const operations = once(async () => (await Promise.all([loadOperations(), registry.ready()]))[0]);
  for (const [name, method, path] of OP_ROUTES) {
    const handler = async (c: Context) => {
      const { byName, admitPerson, TAKEOVER_HEADER, parseInput } = await operations();
      const op = byName.get(name);
      if (!op) throw new Error(`routes/op_routes.gen.ts names an operation lib/ops lacks: ${name}`);
      const raw = !op.input
        ? undefined
        : op.method === "GET"
        ? queryInput(c)
        : await readJson(c, config.maxBodyBytes);
      const input = op.input ? parseInput(op.input, raw) : undefined;
      const params = c.req.param() as Record<string, string>;
      const pass = c.req.header(TAKEOVER_HEADER);
      // During a takeover the person's client sends its pass: the session's gate admits this request.
      if (pass !== undefined && params.sessionId && op.path.startsWith("/v1/sessions/")) {
        admitPerson(registry, params.sessionId, pass, c.req.raw.signal, op.readOnly === true);
      }
      const result = await op.run({ registry, params, input, signal: c.req.raw.signal });
      if (result instanceof Response) return result; // raw bytes, e.g. an artifact
      if (op.status === 204) return c.body(null, 204);
      // `Prefer: return=minimal` (RFC 7240): the answer without its bookkeeping (lib/protocol/minimal.ts).
      const minimal = prefersMinimal(c.req.header("prefer"))
        ? minimalAnswer(result, baseOf(params.sessionId), input)
        : undefined;
      if (minimal) {
        c.header("preference-applied", "return=minimal");
        c.header("vary", "Prefer", { append: true });
        return c.json(minimal, (op.status ?? 200) as 200);
      }
      return c.json(result as object, (op.status ?? 200) as 200);
    };
    if (method === "GET") app.get(path, handler);
    else if (method === "POST") app.post(path, handler);
    else app.delete(path, handler);
  }

  /** A `since` answer's base, as the session keeps it (none when the session is gone). */
  const baseOf = (sessionId: string | undefined) => (stateId: string) => {
    try {
      return sessionId ? registry.get(sessionId).sinceBase(stateId) : null;
    } catch {
      return null;
    }
  };

  app.notFound((c) => fail(c, "not_found", `No route ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((err, c) => {
    const e = toPortholeError(err);
    // A client that went away cancels its operation; that is not a bug worth a log line.
    if (e.code === "internal" && !c.req.raw.signal.aborted) {
      console.error(`porthole: internal error on ${c.req.method} ${c.req.path}:`, err);
    }
    return errorResponse(c, e);
  });
  return app;
}
