/**
 * The command line's parsers: `serve`'s options (defaults, then the environment, then the flags),
 * `mcp`'s own two, and `browser`'s one. Each returns values; `main.ts` runs the command.
 */
import { type Config, defaultConfig, type EnvReader, isLoopbackHost } from "../config.ts";
import { FLAGS } from "./flags.ts";
import { list, UsageError } from "./values.ts";

/**
 * The options of `serve`: defaults, then the environment, then the flags. Asynchronous because a
 * flag naming the operator's file loads its reader only then.
 */
export async function parseServeArgs(args: string[], env: EnvReader = Deno.env.get): Promise<Config> {
  const config = defaultConfig(env);
  for (const flag of Object.values(FLAGS)) {
    const value = env(flag.env);
    if (value !== undefined && value !== "") await flag.apply(config, value);
  }
  if (config.chromium) config.browser.chromiumFrom = "env";
  const fromFlags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const m = args[i].match(/^--([a-z-]+)(?:=(.*))?$/);
    if (!m || !FLAGS[m[1]]) throw new UsageError(`Unknown option "${args[i]}" (see porthole --help)`);
    const flag = FLAGS[m[1]];
    let value = m[2];
    if (value === undefined) {
      if (flag.bool) value = "true";
      else if (i + 1 < args.length) value = args[++i];
      else throw new UsageError(`--${m[1]} needs a value`);
    }
    // A flag replaces its environment variable's list rather than adding to it.
    if (!fromFlags.has(m[1]) && (m[1] === "allowed-host" || m[1] === "allowed-origin")) {
      if (m[1] === "allowed-host") config.allowedHosts = [];
      else config.allowedRequestOrigins = [];
    }
    fromFlags.add(m[1]);
    await flag.apply(config, value);
    if (m[1] === "chromium") config.browser.chromiumFrom = config.chromium ? "flag" : null;
  }
  if (!isLoopbackHost(config.host) && !config.token && !config.allowNoToken) {
    throw new UsageError(
      `Refusing to listen on ${config.host} without a token: pass --token (or PORTHOLE_TOKEN), or --allow-no-token`,
    );
  }
  return config;
}

/** `porthole mcp`'s own options (name and tools), and the rest: the serve options it shares. */
export function parseMcpArgs(
  args: string[],
  env: EnvReader = Deno.env.get,
): { mcp: Config["mcp"]; rest: string[] } {
  const mcp: Config["mcp"] = {};
  if (env("PORTHOLE_MCP_NAME")) mcp.name = env("PORTHOLE_MCP_NAME");
  if (env("PORTHOLE_MCP_TOOLS")) mcp.tools = list(env("PORTHOLE_MCP_TOOLS")!);
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const m = args[i].match(/^--(mcp-name|tools)(?:=(.*))?$/);
    if (!m) {
      rest.push(args[i]);
      continue;
    }
    const value = m[2] ?? args[++i];
    if (!value) throw new UsageError(`--${m[1]} needs a value`);
    if (m[1] === "mcp-name") mcp.name = value;
    else mcp.tools = list(value);
  }
  return { mcp, rest };
}

/** `browser install|status` take one option, `--chromium PATH`, over PORTHOLE_CHROMIUM. */
export function parseBrowserArgs(args: string[], env: EnvReader = Deno.env.get): Config {
  const config = defaultConfig(env);
  config.chromium = env("PORTHOLE_CHROMIUM") || null;
  config.browser.chromiumFrom = config.chromium ? "env" : null;
  for (let i = 0; i < args.length; i++) {
    const m = args[i].match(/^--chromium(?:=(.*))?$/);
    if (!m) throw new UsageError(`Unknown option "${args[i]}" (browser commands take --chromium PATH)`);
    const value = m[1] ?? args[++i];
    if (!value) throw new UsageError("--chromium needs a value");
    config.chromium = value;
    config.browser.chromiumFrom = "flag";
  }
  return config;
}
