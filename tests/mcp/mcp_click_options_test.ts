/** browser_act takes the core's click options in snake_case, from the same schema as HTTP. */
import assert from "node:assert/strict";
import { browserTest, type Json, Porthole, Site } from "../support/harness.ts";
import { mcpOverHttp, ok } from "../support/mcp_client.ts";

const site = new Site({
  "/": `<!doctype html><title>Menu</title><button id="b">Open</button><p id="out">none</p>
<script>b.addEventListener("contextmenu", (e) => { e.preventDefault(); out.textContent = "menu " + e.shiftKey + " " + e.detail; });
b.addEventListener("click", () => { out.textContent = "click"; });</script>`,
});
globalThis.addEventListener("unload", () => site.server.shutdown());

Deno.test(
  "browser_act offers every click option and right-clicks with modifiers, position and delay_ms",
  browserTest,
  async () => {
    await using ph = await Porthole.start();
    await using mcp = await mcpOverHttp(ph);
    const tools = await mcp.client.listTools();
    const act = tools.tools.find((t) => t.name === "browser_act")!;
    for (const name of ["button", "modifiers", "position", "click_count", "delay_ms"]) {
      assert.ok(name in (act.inputSchema.properties ?? {}), `browser_act lacks ${name}`);
    }
    const call = async (name: string, args: Record<string, unknown>): Promise<Json> =>
      ok(await mcp.call(name, args));
    await call("browser_navigate", { url: site.url("/") });
    const state = await call("browser_observe", {});
    const ref = String(state.tree).match(/button "Open" \[ref=(@[^\]]+)\]/)![1];
    const r = ok(
      await mcp.act(state, {
        action: "click",
        ref,
        button: "right",
        modifiers: ["Shift"],
        delay_ms: 50,
        position: { x: 2, y: 2 },
      }),
    );
    assert.equal(r.execution, "completed");
    assert.match(String(r.fresh_state.tree), /menu true/);
  },
);
