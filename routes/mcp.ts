/**
 * MCP over Streamable HTTP at /mcp, mounted behind the same door (token, Host, Origin) as the
 * HTTP API. Each MCP session is a Porthole session: created by `initialize` under the context
 * limit, listed at GET /v1/sessions under the same id, closed by the client's DELETE /mcp, and
 * ended (the MCP session with it) when the Porthole session is closed or expires.
 *
 * `?tools=observe,act` narrows the tool list and `?name=` names the server, per connection.
 */
import type { Context } from "hono";
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import {
  isInitializeRequest,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
// @ts-types="@modelcontextprotocol/sdk/server/index"
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ERROR_TABLE, type ErrorCode, PortholeError, toPortholeError } from "../lib/protocol/errors.ts";
import type { Session } from "../lib/session/session.ts";
import type { SessionRegistry } from "../lib/session/registry.ts";
import { toSnake } from "../lib/mcp/names.ts";
import { createMcpServer, fixedBinding, type McpOptions, selectTools } from "../lib/mcp/server.ts";
import { BoundedEventStore, SSE_RETRY_MS } from "../lib/mcp/event_store.ts";

interface Live {
  session: Session;
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  /** The protocol version the initialize settled on. */
  version: string;
}

/**
 * The request as the transport reads it: an MCP-Protocol-Version header older than the version the
 * session negotiated is read as the negotiated one. The transport decides by that header whether
 * a stream opens with a priming event (an id and `retry`, so a broken stream can be resumed); a
 * client that negotiated a version reading such events reads them on every request of the session.
 */
function atNegotiatedVersion(req: Request, version: string): Request {
  const sent = req.headers.get("mcp-protocol-version");
  if (sent === null || sent >= version || !SUPPORTED_PROTOCOL_VERSIONS.includes(sent)) return req;
  const headers = new Headers(req.headers);
  headers.set("mcp-protocol-version", version);
  return new Request(req, { headers });
}

/** A JSON-RPC error as the MCP client expects it, with the HTTP status of Porthole's error table. */
function rpcError(err: PortholeError, status = err.status, id: unknown = null): Response {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-porthole-error": err.code,
  };
  if (err.extras.retryAfterMs !== undefined) {
    headers["Retry-After"] = String(Math.ceil(err.extras.retryAfterMs / 1000));
  }
  const code: number = ERROR_TABLE[err.code as ErrorCode].bap;
  return new Response(
    JSON.stringify({
      jsonrpc: "2.0",
      id,
      error: { code, message: err.message, data: toSnake(err.toBody()) },
    }),
    { status, headers },
  );
}

/** A connection's options: its query (?name=, ?tools=), else the server's --mcp-name and --tools. */
function optionsFrom(url: URL, defaults: McpOptions): McpOptions {
  const tools = url.searchParams.get("tools");
  const options: McpOptions = { name: url.searchParams.get("name") ?? defaults.name };
  if (tools) options.tools = tools.split(",").map((t) => t.trim()).filter(Boolean);
  const mode = url.searchParams.get("mode");
  if (mode !== null && mode !== "execute" && mode !== "plan") {
    throw new Error(`Invalid mode: "${mode.slice(0, 32)}" is not execute or plan`);
  }
  if (mode) options.mode = mode;
  else if (defaults.tools) options.tools = defaults.tools;
  selectTools(options.tools); // an unknown tool name fails the initialize, not a later call
  return options;
}

/** The JSON body of an initialize, read no further than the body limit (chunked bodies too). */
async function readBody(req: Request, maxBytes: number): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body ?? []) {
    size += chunk.length;
    if (size > maxBytes) {
      throw new PortholeError("body_too_large", `The body is over the limit of ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  chunks.reduce((at, chunk) => (bytes.set(chunk, at), at + chunk.length), 0);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new PortholeError("invalid_params", "The body is not valid JSON");
  }
}

/** The handler of every method on /mcp. */
export function mcpHandler(registry: SessionRegistry): (c: Context) => Promise<Response> {
  const live = new Map<string, Live>();

  const end = (id: string) => {
    const entry = live.get(id);
    if (!entry) return;
    live.delete(id);
    entry.server.close().catch(() => {});
    if (!entry.session.disposed) registry.close(id).catch(() => {});
  };

  const start = async (c: Context): Promise<Response> => {
    if (c.req.method !== "POST") {
      return rpcError(
        new PortholeError("invalid_params", "No Mcp-Session-Id: initialize with a POST first"),
        400,
      );
    }
    let body: unknown;
    try {
      body = await readBody(c.req.raw, registry.config.maxBodyBytes);
    } catch (err) {
      return rpcError(toPortholeError(err));
    }
    if (!isInitializeRequest(body)) {
      return rpcError(
        new PortholeError(
          "invalid_params",
          "No MCP session: send initialize first, then the Mcp-Session-Id it returns",
        ),
        400,
      );
    }
    const rpcId = (body as { id?: unknown }).id;
    const asked = body.params.protocolVersion;
    const version = SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION;
    let options: McpOptions;
    try {
      options = optionsFrom(new URL(c.req.url), registry.config.mcp);
    } catch (err) {
      return rpcError(new PortholeError("invalid_params", (err as Error).message), 400, rpcId);
    }
    let session: Session;
    try {
      session = registry.create(options.mode ? { mode: options.mode } : {});
    } catch (err) {
      return rpcError(toPortholeError(err), undefined, rpcId);
    }
    const server = createMcpServer(fixedBinding(registry, session), options);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => session.id,
      onsessioninitialized: (id) => {
        live.set(id, { session, transport, server, version });
      },
      onsessionclosed: end,
      maxRequestBodySize: registry.config.maxBodyBytes,
      eventStore: new BoundedEventStore(),
      retryInterval: SSE_RETRY_MS,
    });
    transport.onclose = () => end(session.id);
    session.signal.addEventListener("abort", () => end(session.id), { once: true });
    let response: Response | null = null;
    try {
      await server.connect(transport);
      response = await transport.handleRequest(c.req.raw, { parsedBody: body });
      return response;
    } finally {
      if (!response || !live.has(session.id)) {
        // The initialize was refused (a bad protocol version, say): nothing may be left behind.
        await server.close().catch(() => {});
        await registry.close(session.id).catch(() => {});
      }
    }
  };

  return async (c) => {
    const id = c.req.header("mcp-session-id");
    if (id === undefined) return await start(c);
    const entry = live.get(id);
    if (!entry || entry.session.disposed) {
      // 404 tells an MCP client that its session is over and it should initialize again.
      return rpcError(
        new PortholeError("session_not_found", `MCP session ${id} does not exist or has ended`),
        404,
      );
    }
    entry.session.lastUsed = Date.now();
    return await entry.transport.handleRequest(atNegotiatedVersion(c.req.raw, entry.version));
  };
}
