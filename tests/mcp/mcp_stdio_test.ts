/**
 * `porthole mcp`: MCP over stdio, with the core in the spawned process and no port, driven by
 * the official MCP SDK client against real Chromium.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { browserTest, type Json, refOf, Site } from "../support/harness.ts";
import { MCP_TOOLS, mcpEnv, mcpOverStdio, ok } from "../support/mcp_client.ts";
import { alive, descendants } from "../support/proc.ts";

const ROOT = join(import.meta.dirname!, "..", "..");

const COUNTER = `<!doctype html><title>Counter</title>
<h1>Counter</h1><p id="count">0</p>
<button onclick="count.textContent = String(Number(count.textContent) + 1)">Increment</button>`;

/** The processes of `pids` that still run once the orphans had a while to be reaped. */
async function stillRunning(pids: number[]): Promise<number[]> {
  for (let i = 0; i < 100 && pids.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
  return pids.filter(alive);
}

Deno.test(
  "porthole mcp serves the seven tools over stdio, under the name --mcp-name gives",
  browserTest,
  async () => {
    await using mcp = await mcpOverStdio("--mcp-name", "cdp");
    const { client } = mcp;
    assert.equal(client.getServerVersion()?.name, "cdp");
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), MCP_TOOLS);
    for (const t of tools) assert.equal(t.inputSchema.type, "object", t.name);
  },
);

Deno.test(
  "over stdio: observe, click by ref, act on fresh_state; the consumed handle, a bad timeout and an unknown state are refused",
  browserTest,
  async () => {
    await using site = new Site({ "/": COUNTER });
    await using mcp = await mcpOverStdio("--tools", "observe,act,navigate,screenshot");
    const { client, call } = mcp;
    assert.equal(client.getServerVersion()?.name, "porthole");
    assert.equal((await client.listTools()).tools.length, 4);
    ok(await call("browser_navigate", { url: site.url("/") }));
    const first = ok(await call("browser_observe"));
    const button = refOf(first, /button "Increment"/);

    const badTimeout = await mcp.act(first, {
      action: "click",
      ref: button,
      timeout_ms: 60001,
    });
    assert.equal(badTimeout.isError, true);
    assert.equal(badTimeout.structuredContent.error.details.field, "timeout_ms");
    const unknown = ok(
      await mcp.act(first, { state_id: "st_neverissued", action: "click", ref: button }),
    );
    assert.equal(unknown.execution, "not_dispatched");
    assert.match(unknown.error_text, /^unknown_state: /);

    const clicked = ok(
      await mcp.act(first, {
        action: "click",
        ref: button,
        expect: { selector: "#count", text: "1" },
      }),
    );
    assert.deepEqual([clicked.execution, clicked.postcondition], ["completed", "met"]);
    const fresh = clicked.fresh_state;
    const second = ok(
      await mcp.act(fresh, {
        action: "click",
        ref: refOf(fresh, /button "Increment"/),
        expect: { selector: "#count", text: "2" },
      }),
    );
    assert.equal(second.postcondition, "met");
    const stale = ok(await mcp.act(first, { action: "click", ref: button }));
    assert.equal(stale.execution, "not_dispatched");
    assert.match(stale.error_text, /^stale_state: /);

    const page = ok(await call("browser_observe"));
    assert.match(page.tree, /paragraph: "?2"?/, "the page counted two clicks, not three");
    const shot = await call("browser_screenshot");
    assert.equal(shot.content[0].type, "image");
    assert.equal(shot.content[0].mimeType, "image/jpeg");
  },
);

Deno.test(
  "porthole mcp exits 0 and leaves no process behind when its stdin closes",
  browserTest,
  async () => {
    await using site = new Site({ "/": COUNTER });
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts", "mcp"],
      cwd: ROOT,
      env: mcpEnv(),
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const writer = child.stdin.getWriter();
    const send = (msg: Json) => writer.write(new TextEncoder().encode(JSON.stringify(msg) + "\n"));
    const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = "";
    const answer = async (id: number): Promise<Json> => {
      while (true) {
        const cut = buffered.indexOf("\n");
        if (cut >= 0) {
          const msg = JSON.parse(buffered.slice(0, cut));
          buffered = buffered.slice(cut + 1);
          if (msg.id === id) return msg;
          continue;
        }
        const { value, done } = await lines.read();
        if (done) throw new Error("stdout closed");
        buffered += value;
      }
    };
    await send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    assert.equal((await answer(1)).result.serverInfo.name, "porthole");
    await send({ jsonrpc: "2.0", method: "notifications/initialized" });
    await send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "browser_navigate", arguments: { url: site.url("/") } },
    });
    assert.equal((await answer(2)).result.structuredContent.navigation, "committed");
    const family = descendants(child.pid);
    assert.ok(family.length > 0, "Chromium runs under the mcp process");

    await writer.close();
    const status = await child.status;
    await lines.cancel().catch(() => {});
    assert.equal(status.code, 0);
    assert.deepEqual(await stillRunning(family), [], "Chromium is gone with the session");
  },
);

Deno.test(
  "over stdio, a session the idle sweep closed is replaced by a fresh one on the next call",
  browserTest,
  async () => {
    await using site = new Site({ "/": COUNTER });
    await using mcp = await mcpOverStdio("--session-idle", "1s");
    const { call } = mcp;
    ok(await call("browser_navigate", { url: site.url("/") }));
    const state = ok(await call("browser_observe"));
    assert.equal(ok(await call("browser_page", { action: "list" })).pages.length, 1);
    // Idle for three idle times: the sweep (every second) has closed the session by then.
    await new Promise((r) => setTimeout(r, 3500));
    assert.deepEqual(ok(await call("browser_page", { action: "list" })).pages, []);
    const old = ok(
      await mcp.act(state, {
        action: "click",
        ref: refOf(state, /button/),
      }),
    );
    assert.match(
      old.error_text,
      /^unknown_state: /,
      "states of the closed session mean nothing to the new one",
    );
  },
);
