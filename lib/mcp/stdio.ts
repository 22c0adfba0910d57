/**
 * `porthole mcp`: MCP over stdin/stdout, with the sidecar's core in this process and no port.
 * The one MCP session of the process is one Porthole session; when the idle sweep closes it,
 * the next tool call opens a fresh one (its states are gone: observe again).
 */
import process from "node:process";
// @ts-types="@modelcontextprotocol/sdk/server/stdio"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { Config } from "../config.ts";
import { setLogLevel } from "../log.ts";
import { SessionRegistry } from "../session/registry.ts";
import { createMcpServer, type McpOptions, type SessionBinding } from "./server.ts";

export { MCP_HELP } from "./options.ts";

/** The stdio session: one at a time, opened again after the idle sweep closed it. */
function renewingBinding(registry: SessionRegistry): SessionBinding {
  let session = registry.create({});
  return {
    registry,
    session: () => {
      if (session.disposed) session = registry.create({});
      return session;
    },
  };
}

/** Serve MCP on stdin/stdout until stdin ends or a signal arrives; then close everything. */
export async function serveStdio(config: Config, options: McpOptions): Promise<void> {
  setLogLevel(config.logLevel);
  const registry = new SessionRegistry(config);
  await registry.ready();
  // --prelaunch: Chromium starts now, while the client connects (a failure is logged, never fatal).
  if (config.prelaunch) void registry.prelaunch();
  const server = createMcpServer(renewingBinding(registry), options);
  const closed = Promise.withResolvers<void>();
  server.onclose = () => closed.resolve();
  const stop = () => void server.close();
  process.stdin.on("end", stop);
  process.stdin.on("close", stop);
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
  await server.connect(new StdioServerTransport());
  await closed.promise;
  Deno.removeSignalListener("SIGINT", stop);
  Deno.removeSignalListener("SIGTERM", stop);
  await registry.shutdown();
}
