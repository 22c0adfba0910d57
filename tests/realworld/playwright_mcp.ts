/**
 * The gauntlet's peer: Playwright MCP (`@playwright/mcp`, a test-only dependency in
 * tests/realworld/libs, never part of Porthole), started as a real MCP server over stdio and
 * driven with the MCP SDK client as an agent drives it: `browser_navigate`, `browser_snapshot`,
 * then `browser_click`, `browser_type`, ... on refs found by role and name in the snapshot text it
 * returned. Acts are the tool calls that act on the page; bytes are the text of every tool reply
 * the policy read, as the Porthole agent counts its observe and act replies.
 *
 * Playwright MCP launches Debian's Chromium (`--executable-path`, npm never downloads a browser),
 * headless, with an in-memory profile (`--isolated`), a new server per task. As root, Chromium is
 * started as an unprivileged user (as Porthole starts its own), so it keeps its sandbox.
 */
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { browserUser } from "../../lib/driver/launch.ts";
import { DEFAULT_TIMEOUT_MS } from "../../lib/protocol/timeouts.ts";
import { type Counted, type Fixtures, HERE, PolicyError, type Row, runTasks, type Task } from "./gauntlet.ts";

const CLI = join(HERE, "libs", "node_modules", "@playwright", "mcp", "cli.js");
const CHROMIUM = "/usr/bin/chromium-headless-shell";

/** The version of `@playwright/mcp` installed for the gauntlet. */
export function playwrightMcpVersion(): string {
  return JSON.parse(Deno.readTextFileSync(join(CLI, "..", "package.json"))).version;
}

/** One line of a Playwright MCP snapshot: `- button "Save" [ref=e12]`. */
export interface SnapshotLine {
  depth: number;
  role: string;
  name: string | null;
  ref: string | null;
  text: string;
}

/**
 * The YAML snapshot out of a `browser_snapshot` reply (the block under `### Snapshot`), or the
 * whole reply when it has no such block.
 */
export function snapshotOf(reply: string): string {
  const m = reply.match(/### Snapshot\n```yaml\n([\s\S]*?)\n```/);
  return m ? m[1] : reply;
}

/** Each line of a snapshot with its depth, role, accessible name and ref. */
export function parseSnapshot(yaml: string): SnapshotLine[] {
  const out: SnapshotLine[] = [];
  for (const text of yaml.split("\n")) {
    // A line holding YAML's special characters (`#`, `: `) comes single-quoted: `- 'tab "Tab #1" [ref=e7]'`.
    const m = text.match(/^(\s*)- '?(?:"([^"]*)"|([\w-]+))(?: "((?:[^"\\]|\\.)*)")?/);
    if (!m) continue;
    out.push({
      depth: m[1].length / 2,
      role: m[3] ?? "text",
      name: m[4] !== undefined ? m[4].replace(/\\(.)/g, "$1") : m[2] ?? null,
      ref: text.match(/\[ref=([^\]\s]+)\]/)?.[1] ?? null,
      text: text.trim(),
    });
  }
  return out;
}

/** An argument resolved when the call is made: a pattern becomes the ref of the line it matches. */
type Arg = unknown | RegExp | (() => unknown);

/** What a peer policy can do: what an agent does through Playwright MCP's tools, counted. */
export class McpAgent implements Counted {
  acts = 0;
  bytes = 0;
  treeBytes = 0;
  observations = 0;
  firstError: string | null = null;
  #yaml = "";
  /** Whether the page may have changed since the last snapshot (an act came after it). */
  #stale = true;
  readonly #client: Client;

  constructor(client: Client) {
    this.#client = client;
  }

  get tree(): string {
    return this.#yaml;
  }

  /** Calls a tool; its reply's text is read (counted). Throws on an error reply. */
  async call(name: string, args: Record<string, unknown> = {}): Promise<string> {
    const r = await this.#client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 });
    const text = (r.content as { type: string; text?: string }[])
      .map((c) => c.type === "text" ? c.text ?? "" : "").join("\n");
    this.bytes += new TextEncoder().encode(text).length;
    if (r.isError) throw new PeerError(name, text);
    return text;
  }

  /** Navigates, then takes the snapshot (navigate's reply links it in a file, not inline). */
  async open(url: string, ready?: RegExp): Promise<void> {
    await this.call("browser_navigate", { url });
    this.#stale = true;
    await this.snapshot();
    if (ready) await this.until(ready);
  }

  async snapshot(): Promise<void> {
    this.#yaml = snapshotOf(await this.call("browser_snapshot"));
    this.treeBytes += new TextEncoder().encode(this.#yaml).length;
    this.observations++;
    this.#stale = false;
  }

  /** A snapshot unless none was taken since the last act: before checking a result. */
  async look(): Promise<void> {
    if (this.#stale) await this.snapshot();
  }

  line(pattern: RegExp): string | null {
    return this.#yaml.split("\n").find((l) => pattern.test(l)) ?? null;
  }

  has(pattern: RegExp): boolean {
    return this.line(pattern) !== null;
  }

  #find(pattern: RegExp, container?: RegExp): string | null {
    const lines = parseSnapshot(this.#yaml);
    let from = 0, to = lines.length;
    if (container) {
      from = lines.findIndex((l) => container.test(l.text));
      if (from < 0) return null;
      to = from + 1;
      while (to < lines.length && lines[to].depth > lines[from].depth) to++;
      from++;
    }
    return lines.slice(from, to).find((l) => l.ref && pattern.test(l.text))?.ref ?? null;
  }

  /**
   * The ref of the first snapshot line with a ref that matches `pattern` (under `container` when
   * given). A ref of the last snapshot is used as it is; when it is not there and the page has been
   * acted on since, the agent takes a snapshot first, as it must to see what its act revealed.
   */
  async ref(pattern: RegExp, container?: RegExp): Promise<string> {
    let ref = this.#find(pattern, container);
    if (!ref && this.#stale) {
      await this.snapshot();
      ref = this.#find(pattern, container);
    }
    if (!ref) throw new PolicyError(`no ref for ${pattern}${container ? ` under ${container}` : ""}`);
    return ref;
  }

  /** Takes snapshots (each counted) until a line matches `pattern`, as the Porthole agent observes. */
  async until(pattern: RegExp, tries = 6, pauseMs = 250): Promise<void> {
    for (let i = 0; i < tries; i++) {
      if (!this.#stale && this.has(pattern)) return;
      if (!this.#stale) await new Promise((r) => setTimeout(r, pauseMs));
      await this.snapshot();
    }
    if (!this.has(pattern)) throw new PolicyError(`${pattern} never appeared in the snapshot`);
  }

  async #resolve(target: RegExp | null, args: Record<string, Arg>): Promise<Record<string, unknown>> {
    const resolved: Record<string, unknown> = {};
    if (target) {
      resolved.target = await this.ref(target);
      resolved.element = target.source.replace(/\\/g, "");
    }
    for (const [k, v] of Object.entries(args)) {
      resolved[k] = v instanceof RegExp ? await this.ref(v) : typeof v === "function" ? await v() : v;
    }
    return resolved;
  }

  /**
   * One act: `tool` with `args`, where a pattern is the ref of the line it matches (`target` the
   * usual one) and a function is called then. An error reply is met as an agent meets it: a new
   * snapshot and the act again on it, three tries at most, each counted.
   */
  async act(tool: string, target: RegExp | null, args: Record<string, Arg> = {}): Promise<string> {
    for (let tries = 1;; tries++) {
      try {
        const resolved = await this.#resolve(target, args);
        this.acts++;
        this.#stale = true;
        return await this.call(tool, resolved);
      } catch (e) {
        if (!(e instanceof PeerError)) throw e;
        this.firstError ??= e.message;
        if (tries >= 3) throw e;
        await this.snapshot();
      }
    }
  }

  /** A call that reads and changes nothing (not an act), e.g. a script reading an element's text. */
  async read(tool: string, target: RegExp | null, args: Record<string, Arg> = {}): Promise<string> {
    return await this.call(tool, await this.#resolve(target, args));
  }
}

/** An error reply of a Playwright MCP tool, as the agent reads it. */
export class PeerError extends Error {
  constructor(tool: string, text: string) {
    super(`${tool}: ${text.replace(/\s+/g, " ").slice(0, 400)}`);
  }
}

/** The sandbox Playwright MCP's Chromium runs with here, said in the bench's output. */
export function peerSandbox(): string {
  return Deno.uid() === 0
    ? "Chromium's sandbox on, Chromium run as an unprivileged user as Porthole runs its own"
    : "Chromium's sandbox on";
}

/**
 * As root, the Chromium Playwright MCP launches is a wrapper that hands the profile Playwright
 * made to the unprivileged user and starts Chromium as that user, so its sandbox stays on (the
 * server itself runs as the caller, like Porthole).
 */
async function unprivilegedChromium(home: string): Promise<string> {
  const { uid, gid } = browserUser();
  const wrapper = join(home, "chromium");
  await Deno.writeTextFile(
    wrapper,
    [
      "#!/bin/sh",
      'for a in "$@"; do',
      '  case "$a" in --user-data-dir=*)',
      `    dir="\${a#--user-data-dir=}"; chown -R ${uid}:${gid} "$dir"; export HOME="$dir" ;;`,
      "  esac",
      "done",
      `exec setpriv --reuid=${uid} --regid=${gid} --clear-groups -- ${CHROMIUM} "$@"`,
      "",
    ].join("\n"),
  );
  await Deno.chmod(wrapper, 0o755);
  return wrapper;
}

/** A Playwright MCP server over stdio and a client connected to it; close it after the task. */
export async function startPlaywrightMcp(): Promise<{ agent: McpAgent; close: () => Promise<void> }> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm ci in tests/realworld/libs`);
  const home = await Deno.makeTempDir({ prefix: "porthole-pwmcp-" });
  const transport = new StdioClientTransport({
    command: "node",
    args: [
      CLI,
      "--headless",
      "--isolated",
      // Playwright starts Chromium with --no-sandbox unless told otherwise.
      "--sandbox",
      "--browser",
      "chromium",
      "--executable-path",
      Deno.uid() === 0 ? await unprivilegedChromium(home) : CHROMIUM,
      "--output-dir",
      join(home, "out"),
      // Porthole's deadline for an operation given none (Playwright MCP's own is 5 s for an action).
      "--timeout-action",
      String(DEFAULT_TIMEOUT_MS),
    ],
    cwd: home,
    env: { HOME: home, PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" },
    stderr: "ignore",
  });
  const client = new Client({ name: "porthole-gauntlet-peer", version: "1.0.0" });
  await client.connect(transport);
  return {
    agent: new McpAgent(client),
    close: async () => {
      await client.close().catch(() => {});
      await Deno.remove(home, { recursive: true }).catch(() => {});
    },
  };
}

/** The tasks' peer policies through Playwright MCP on pages already served, a server per task. */
export async function runPeer(
  tasks: Task[],
  fixtures: Fixtures,
  log: (row: Row) => void = () => {},
): Promise<Row[]> {
  return await runTasks(tasks, fixtures, startPlaywrightMcp, (t, agent, url) => t.peer(agent, url), log);
}
