/** Porthole's command line: serve, mcp, doctor, browser install/status, --version, --help. */
import type { Config } from "./lib/config.ts";
import { startServer } from "./lib/server.ts";
import { PORTHOLE_VERSION, PROTOCOL_VERSION } from "./lib/version.ts";
import { parseBrowserArgs, parseMcpArgs, parseServeArgs } from "./lib/cli/parse.ts";
import { usage, UsageError } from "./lib/cli/values.ts";
import { log } from "./lib/log.ts";
// Each command loads what only it needs (the doctor, the installer, the MCP tools' list): a
// sidecar that serves keeps none of it. The MCP SDK loads with `porthole mcp`, or with the first
// client of /mcp.

async function help(): Promise<string> {
  const [{ helpText }, { MCP_HELP }] = await Promise.all([
    import("./lib/cli/help.ts"),
    import("./lib/mcp/options.ts"),
  ]);
  return helpText(MCP_HELP).trimEnd();
}

/** `porthole mcp`'s and `serve`'s MCP options, checked against the tools that exist. */
async function mcpAndRest(args: string[]): Promise<{ mcp: Config["mcp"]; rest: string[] }> {
  const { mcp, rest } = parseMcpArgs(args);
  // Without --tools there is nothing to check: the default set is chosen where it is offered.
  if (mcp.tools !== undefined) {
    const { selectTools } = await import("./lib/mcp/options.ts");
    usage(() => selectTools(mcp.tools));
  }
  return { mcp, rest };
}

async function serve(args: string[]): Promise<number> {
  // --mcp-name and --tools set what /mcp offers by default; a connection's query can narrow it.
  const { mcp, rest } = await mcpAndRest(args);
  const config = await parseServeArgs(rest);
  config.mcp = mcp;
  // The last line of defence of a sidecar that serves many clients: a promise that fails with no one
  // to hear it is a bug to log, never a reason to end every session. (Tests run without this, so
  // such a failure still fails them.)
  globalThis.addEventListener("unhandledrejection", (e) => {
    e.preventDefault();
    log("error", "internal: a failed promise had no handler", { error: String(e.reason).slice(0, 500) });
  });
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
    console.error(await help());
    return 2;
  }
  if (cmd === "--help" || cmd === "-h" || cmd === "help") {
    console.log(await help());
    return 0;
  }
  if (cmd === "--version" || cmd === "-V" || cmd === "version") {
    console.log(`porthole ${PORTHOLE_VERSION} (BAP ${PROTOCOL_VERSION})`);
    return 0;
  }
  if (cmd === "serve") return await serve(rest);
  if (cmd === "doctor") return await (await import("./lib/cli/doctor.ts")).runDoctor(rest);
  if (cmd === "journal") return await (await import("./lib/cli/journal_verify.ts")).runJournal(rest);
  if (cmd === "mcp") {
    const { mcp, rest: shared } = await mcpAndRest(rest);
    const { serveStdio } = await import("./lib/mcp/stdio.ts");
    await serveStdio(await parseServeArgs(shared), mcp);
    return 0;
  }
  if (cmd === "browser") {
    const dryRun = rest[0] === "install" && rest.includes("--dry-run");
    const config = parseBrowserArgs(rest.slice(1).filter((a) => !dryRun || a !== "--dry-run"));
    const explicit = config.chromium;
    if (rest[0] === "install") {
      return await (await import("./lib/driver/install.ts")).installChromium(config, dryRun);
    }
    if (rest[0] === "status") {
      const found = (await import("./lib/driver/discover.ts")).discoverChromium(config);
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
