/**
 * The MCP door's command-line options: their help text, and the tool names they select. Kept
 * apart from the server so that `porthole serve` checks `--tools` without loading the MCP SDK.
 */
import { type McpTool, TOOLS } from "./tools.ts";

export const MCP_HELP = `Options of mcp (besides those of serve that concern the browser and sessions):
  --mcp-name N          PORTHOLE_MCP_NAME        the server's name for MCP clients (default porthole)
  --tools LIST          PORTHOLE_MCP_TOOLS       offer only these tools, e.g. observe,act`;

/** The tools `names` selects; an unknown name is an error that lists the known ones. */
export function selectTools(names?: string[]): McpTool[] {
  if (!names || names.length === 0) return TOOLS.filter((t) => !t.optIn);
  const wanted = names.map((n) => n.startsWith("browser_") ? n : `browser_${n}`);
  const all = TOOLS;
  const unknown = wanted.filter((n) => !all.some((t) => t.name === n));
  if (unknown.length) {
    throw new Error(
      `Unknown tool ${unknown.join(", ")}; known: ${all.map((t) => t.name.slice(8)).join(", ")}`,
    );
  }
  return all.filter((t) => wanted.includes(t.name));
}
