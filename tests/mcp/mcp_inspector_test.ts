/**
 * One scenario through an independent MCP client: the MCP Inspector's CLI mode
 * (`npx @modelcontextprotocol/inspector --cli`), over Streamable HTTP and over stdio.
 *
 * The version is pinned: 0.15.0 is the newest Inspector that runs on Node 20 (later ones
 * require Node ≥ 22.7.5), and npx downloads it from the npm registry on first use.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";
import { MCP_TOOLS } from "../support/mcp_client.ts";

const ROOT = join(import.meta.dirname!, "..", "..");
const INSPECTOR = "@modelcontextprotocol/inspector@0.15.0";

/** Run the Inspector CLI once (it connects, does one request, disconnects); its JSON answer. */
async function inspector(...args: string[]): Promise<Json> {
  const out = await new Deno.Command("npx", {
    args: ["-y", INSPECTOR, "--cli", ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1", PORTHOLE_LOG_LEVEL: "warn" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  assert.ok(out.success, `inspector ${args.join(" ")} exited ${out.code}:\n${stderr}\n${stdout}`);
  return JSON.parse(stdout.slice(stdout.indexOf("{")));
}

Deno.test(
  "the MCP Inspector CLI lists the tools, navigates and is refused a bad timeout over HTTP, and lists over stdio",
  browserTest,
  async () => {
    await using site = new Site({ "/": "<title>Inspected</title><h1>Inspected</h1>" }),
      ph = await Porthole.start();
    const overHttp = (method: string, ...args: string[]) =>
      inspector(`${ph.url}/mcp`, "--transport", "http", "--method", method, ...args);

    const listed = await overHttp("tools/list");
    assert.deepEqual(listed.tools.map((t: Json) => t.name), MCP_TOOLS);

    const nav = await overHttp(
      "tools/call",
      "--tool-name",
      "browser_navigate",
      "--tool-arg",
      `url=${site.url("/?who=inspector")}`,
    );
    assert.equal(nav.isError, undefined, JSON.stringify(nav));
    assert.equal(nav.structuredContent.navigation, "committed");
    assert.equal(nav.structuredContent.url, site.url("/?who=[redacted]"));
    assert.ok(site.hits.includes("/?who=inspector"), "Chromium fetched the page");
    // Each Inspector run is its own MCP session, so its own Porthole session with its own page.
    const pages = ph.server.registry.list().flatMap((s) => s.pageViews());
    assert.deepEqual(pages.map((p) => p.url), [site.url("/?who=[redacted]")]);

    // The Inspector turns "70000" into a number because the schema says integer; the range refuses it.
    const refused = await overHttp(
      "tools/call",
      "--tool-name",
      "browser_act",
      "--tool-arg",
      "state_id=st_none",
      "target_id=t",
      "action=click",
      "timeout_ms=70000",
    );
    assert.equal(refused.isError, true);
    assert.equal(refused.structuredContent.error.code, "invalid_params");
    assert.equal(refused.structuredContent.error.details.field, "timeout_ms");

    const overStdio = await inspector(
      "--method",
      "tools/list",
      "--",
      Deno.execPath(),
      "run",
      "-A",
      "main.ts",
      "mcp",
      "--tools",
      "observe,act",
    );
    assert.deepEqual(overStdio.tools.map((t: Json) => t.name), ["browser_observe", "browser_act"]);
  },
);
