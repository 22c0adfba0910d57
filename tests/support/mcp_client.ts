/**
 * MCP test clients: the official MCP SDK client over Streamable HTTP (`/mcp` of a Porthole in this
 * process) or over stdio (`porthole mcp` spawned), each used with `await using`.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { Json, Porthole } from "./harness.ts";
import { cleanEnv } from "./proc.ts";

const ROOT = join(import.meta.dirname!, "..", "..");
// A tool call may wait on a slow page well past the SDK's default of 60 s.
const CALL_TIMEOUT = { timeout: 90_000 };

/** The tools Porthole offers over MCP, in the order tools/list gives them. */
export const MCP_TOOLS = [
  "browser_observe",
  "browser_act",
  "browser_navigate",
  "browser_page",
  "browser_wait",
  "browser_inspect",
  "browser_screenshot",
];

export interface McpClient extends AsyncDisposable {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<Json>;
  /** browser_act on an observed state (its state and target ids) with the action's own arguments. */
  act(state: Json, args: Record<string, unknown>): Promise<Json>;
}

export interface McpHttp extends McpClient {
  transport: StreamableHTTPClientTransport;
  /** The MCP session id, which is also the Porthole session id. */
  sid: string;
}

function toolCallers(client: Client): Pick<McpClient, "call" | "act"> {
  const call: McpClient["call"] = (name, args = {}) =>
    client.callTool({ name, arguments: args }, undefined, CALL_TIMEOUT);
  const act: McpClient["act"] = (state, args) =>
    call("browser_act", { state_id: state.state_id, target_id: state.target_id, ...args });
  return { call, act };
}

/**
 * An MCP session over Streamable HTTP at `/mcp` (with `query`, extra request headers and the
 * capabilities the client declares, e.g. `{ elicitation: {} }`).
 */
export async function mcpOverHttp(
  ph: Porthole,
  query = "",
  headers: Record<string, string> = {},
  capabilities: ClientCapabilities = {},
): Promise<McpHttp> {
  const transport = new StreamableHTTPClientTransport(new URL(`${ph.url}/mcp${query}`), {
    requestInit: { headers },
  });
  const client = new Client({ name: "porthole-test", version: "1.0.0" }, { capabilities });
  await client.connect(transport);
  return {
    client,
    transport,
    sid: transport.sessionId!,
    ...toolCallers(client),
    [Symbol.asyncDispose]: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}

/** The environment without PORTHOLE_* settings, so only the flags given here apply. */
export function mcpEnv(): Record<string, string> {
  return cleanEnv({ NO_COLOR: "1", PORTHOLE_LOG_LEVEL: "warn" });
}

/** `porthole mcp <args>` spawned, with an MCP session over its stdio; closing ends the process. */
export async function mcpOverStdio(...args: string[]): Promise<McpClient> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "-A", "main.ts", "mcp", ...args],
    cwd: ROOT,
    env: mcpEnv(),
    stderr: "pipe",
  });
  const client = new Client({ name: "porthole-stdio-test", version: "1.0.0" });
  await client.connect(transport, CALL_TIMEOUT);
  return { client, ...toolCallers(client), [Symbol.asyncDispose]: () => client.close() };
}

/** The structured answer of a tool call that must have succeeded. */
export function ok(result: Json): Json {
  assert.ok(!result.isError, `tool error: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}
