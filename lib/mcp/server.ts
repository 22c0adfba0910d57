/**
 * One MCP server per MCP session, on the official SDK. Its tools run against one Porthole
 * session (the binding), so an MCP session and a Porthole session are one and the same.
 */
// The low-level Server takes tool lists as JSON Schema; McpServer would want zod schemas,
// and ours are valibot.
// @ts-types="@modelcontextprotocol/sdk/server/index"
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { toJsonSchema } from "@valibot/to-json-schema";
import { PortholeError, toPortholeError } from "../protocol/errors.ts";
import { parseInput } from "../protocol/validate.ts";
import type { Session } from "../session/session.ts";
import type { SessionRegistry } from "../session/registry.ts";
import { PORTHOLE_VERSION } from "../version.ts";
import { fromSnake, snakeSchema } from "./names.ts";
import { errorResult } from "./present.ts";
import { compactSchema } from "./compact.ts";
import { reword } from "./reword.ts";
import { FIELD_NAMES, type McpTool } from "./tools.ts";
import { selectTools } from "./options.ts";
import { elicitingApprover } from "./elicit.ts";

export { selectTools };

export interface McpOptions {
  /** The server's name in `initialize` (default `porthole`). */
  name?: string;
  /** Tool names (`observe` or `browser_observe`) to offer; default all but the opt-in ones. */
  tools?: string[];
  /** The mode of the session an MCP session creates (`?mode=plan`). */
  mode?: "execute" | "plan";
}

export const DEFAULT_MCP_NAME = "porthole";

const INSTRUCTIONS =
  "Call browser_observe, then browser_act with the state_id, target_id and a ref it returned. " +
  "Each state is good for one action; act next on fresh_state, or observe again.";

const listed = new Map<string, Tool>();

/** A tool as `tools/list` shows it: the valibot schema as JSON Schema, in snake_case. */
export function toolListing(tool: McpTool): Tool {
  let entry = listed.get(tool.name);
  if (!entry) {
    // deno-lint-ignore no-explicit-any
    const json = toJsonSchema(tool.input as any, { target: "draft-07", errorMode: "ignore" }) as Record<
      string,
      unknown
    >;
    delete json.$schema;
    entry = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: reword(
        compactSchema(snakeSchema(json, FIELD_NAMES) as Record<string, unknown>),
        tool.reword ?? {},
        tool.name,
      ) as Tool["inputSchema"],
    };
    // Annotations left at MCP's defaults need no bytes: no annotations is "may change the page".
    if (Object.keys(tool.annotations).length) entry.annotations = tool.annotations;
    listed.set(tool.name, entry);
  }
  return entry;
}

/** Where a server's tools find their session: fixed for HTTP, renewed after expiry for stdio. */
export interface SessionBinding {
  registry: SessionRegistry;
  session(): Session;
}

/** An MCP server whose tools act on the binding's session. */
export function createMcpServer(binding: SessionBinding, options: McpOptions = {}): Server {
  const tools = selectTools(options.tools);
  const server = new Server(
    { name: options.name || DEFAULT_MCP_NAME, version: PORTHOLE_VERSION },
    // logging: the SDK answers logging/setLevel and filters its notifications by the level set.
    { capabilities: { tools: {}, logging: {} }, instructions: INSTRUCTIONS },
  );
  // In plan mode the list offers only the read-only tools (the others would answer plan_mode).
  server.setRequestHandler(ListToolsRequestSchema, () => {
    const plan = (() => {
      try {
        return binding.session().mode === "plan";
      } catch {
        return false;
      }
    })();
    return { tools: tools.filter((t) => !plan || t.annotations.readOnlyHint).map(toolListing) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = tools.find((t) => t.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${request.params.name}`);
    try {
      // Arguments are checked first: a bad timeout_ms is refused before any state is looked up.
      const input = parseInput(tool.input, fromSnake(request.params.arguments ?? {})) as Record<
        string,
        unknown
      >;
      return await tool.call(
        {
          registry: binding.registry,
          session: binding.session(),
          signal: extra.signal,
          approver: elicitingApprover(server, extra.requestId),
        },
        input,
      );
    } catch (err) {
      const e = toPortholeError(err);
      if (e.code === "internal" && !extra.signal.aborted) {
        console.error(`porthole: internal error in ${tool.name}:`, err);
      }
      return errorResult(e, FIELD_NAMES);
    }
  });
  return server;
}

/** The binding of an MCP session over HTTP: its one session; once closed, the MCP session is over. */
export function fixedBinding(registry: SessionRegistry, session: Session): SessionBinding {
  return {
    registry,
    session: () => {
      if (session.disposed) {
        throw new PortholeError(
          "session_not_found",
          `Session ${session.id} was closed; start a new MCP session`,
        );
      }
      return session;
    },
  };
}
