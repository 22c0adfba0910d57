/**
 * The MCP tools, in the order tools/list gives them. Each one is an operation of lib/ops (the same
 * `run` the HTTP route calls, through the session's FIFO gate), its input schema is that
 * operation's valibot schema (or a pick of it), and its description is the operation's own plus
 * the seed's guidance for agents. What a tool is made of is tool.ts; the tools are in tools_*.ts.
 */
import type { McpTool } from "./tool.ts";
import { LOOP_TOOLS, SESSION_TOOLS } from "./tools_loop.ts";
import { contextTools } from "./tools_context.ts";
import { pageTools } from "./tools_reads.ts";

export { FIELD_NAMES, type McpTool, type ToolCall } from "./tool.ts";

export const TOOLS: McpTool[] = [...LOOP_TOOLS, ...contextTools(), ...pageTools(), ...SESSION_TOOLS];
